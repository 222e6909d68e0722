// Copies Shoelace's icons and other assets into public/shoelace (served at /shoelace, setBasePath('/shoelace')).
import { cpSync, existsSync } from 'node:fs';

const from = 'node_modules/@shoelace-style/shoelace/dist/assets';
const to = 'public/shoelace/assets';
if (!existsSync(to) && existsSync(from)) cpSync(from, to, { recursive: true });
