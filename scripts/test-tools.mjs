// @ts-check
/**
 * The first step of `npm test` (and of `.ci/run`, before `npm install`): the programs the suite needs from
 * the machine. Chromium for the browser tests (CHROMIUM_PATH, else Debian's headless shell of Chromium,
 * /usr/bin/chromium-headless-shell, as tests/e2e/support/chromium.ts launches it), poppler's `pdftoppm` and zbar's `zbarimg` for the QR label
 * sheets' tests (tests/api/support/qr-scan.ts). When one is missing: as root with apt-get (Debian), it runs
 * `apt-get update` and installs the Debian packages that bring them; otherwise it stops at once with the
 * command that would, instead of the suite failing test by test.
 *
 * Node's own modules only: `.ci/run` runs it before `npm install`.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium-headless-shell';
/** The Debian package that installs DEFAULT_CHROMIUM. */
const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/**
 * @typedef {{ tool: string, debianPackage: string }} Tool a program the tests run, and the Debian package that installs it
 * @typedef {{ action: 'none' }
 *   | { action: 'install', packages: string[], commands: string[][] }
 *   | { action: 'stop', message: string }} Plan what to do about the missing tools
 */

/**
 * The programs the suite needs, with the Debian package of each. Chromium is looked for at its path.
 * @param {string | undefined} chromiumPath CHROMIUM_PATH
 * @returns {Tool[]}
 */
export function requiredTools(chromiumPath) {
  return [
    { tool: chromiumPath || DEFAULT_CHROMIUM, debianPackage: CHROMIUM_PACKAGE },
    { tool: 'pdftoppm', debianPackage: 'poppler-utils' },
    { tool: 'zbarimg', debianPackage: 'zbar-tools' },
  ];
}

/**
 * Whether `path` is a file this process may run.
 * @param {string} path
 */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Where a program is: a path with a slash as it is, a bare name on PATH (the shell's `command -v`).
 * @param {string} name
 * @param {string} [path] the PATH to search
 * @returns {string | undefined}
 */
export function which(name, path = process.env.PATH ?? '') {
  if (name.includes('/')) return isExecutable(name) ? name : undefined;
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, name))
    .find(isExecutable);
}

/**
 * What to do, from what is missing and what this process may do.
 * @param {{ missing: Tool[], isRoot: boolean, hasAptGet: boolean }} machine
 * @returns {Plan}
 */
export function plan({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const packages = [...new Set(missing.map((tool) => tool.debianPackage))];
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...packages];
  if (isRoot && hasAptGet) return { action: 'install', packages, commands: [['apt-get', 'update'], install] };
  const command = `apt-get update && ${install.join(' ')}`;
  const chromium = missing.find((tool) => tool.debianPackage === CHROMIUM_PACKAGE);
  const elsewhere =
    chromium && chromium.tool !== DEFAULT_CHROMIUM
      ? ` (CHROMIUM_PATH is ${chromium.tool}: that package installs ${DEFAULT_CHROMIUM}; unset CHROMIUM_PATH or point it at a Chromium)`
      : '';
  const how = hasAptGet
    ? `run as root: ${command}`
    : `this machine has no apt-get; on Debian that is, as root: ${command}`;
  return {
    action: 'stop',
    message: `The tests need ${missing.map((tool) => tool.tool).join(', ')}, missing here: ${how}${elsewhere}`,
  };
}

/**
 * Checks the machine, installs what is missing when it may, and says whether the tests can run.
 * @param {{ env?: NodeJS.ProcessEnv, uid?: number, find?: (name: string) => string | undefined,
 *   run?: (command: string[]) => number, log?: (line: string) => void }} [machine] this machine by default
 * @returns {boolean} true when every tool is there (again)
 */
export function ensureTestTools({
  env = process.env,
  uid = process.getuid?.() ?? -1,
  find = (name) => which(name, env.PATH),
  run = runCommand,
  log = (line) => console.error(line),
} = {}) {
  const missingNow = () => requiredTools(env.CHROMIUM_PATH).filter((tool) => !find(tool.tool));
  const decided = plan({ missing: missingNow(), isRoot: uid === 0, hasAptGet: Boolean(find('apt-get')) });
  if (decided.action === 'none') return true;
  if (decided.action === 'stop') {
    log(decided.message);
    return false;
  }
  log(`Installing what the tests need: ${decided.packages.join(' ')}`);
  for (const command of decided.commands) {
    const status = run(command);
    if (status !== 0) {
      log(`${command.join(' ')} failed (exit ${status})`);
      return false;
    }
  }
  const still = missingNow();
  if (still.length > 0) log(`Still missing after the install: ${still.map((tool) => tool.tool).join(', ')}`);
  return still.length === 0;
}

/**
 * Runs a command with this terminal, apt-get asking no questions.
 * @param {string[]} command
 */
function runCommand(command) {
  const [program = '', ...args] = command;
  const result = spawnSync(program, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(ensureTestTools() ? 0 : 1);
}
