// @ts-check
/**
 * The install scripts of our dependencies, each recorded in package.json's `allowScripts` (README "What
 * `npm install` says about install scripts"): npm 11.16 and newer run or skip a recorded one without a word,
 * and warn about any other. package-lock.json marks every package that has one (`hasInstallScript`), so a
 * dependency that brings a new one shows here without installing anything. `node scripts/install-scripts.mjs`
 * lists the unrecorded ones (exit 1 when there are some); tests/unit/scripts/install-scripts.test.ts holds
 * the repository to none.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ packages: Record<string, { name?: string, version?: string, hasInstallScript?: boolean, link?: boolean }> }} Lockfile
 * @typedef {{ name: string, version: string, path: string }} InstallScript
 */

/**
 * Every package of the lockfile with an install script.
 * @param {Lockfile} lockfile
 * @returns {InstallScript[]}
 */
export function installScripts(lockfile) {
  return Object.entries(lockfile.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript && !entry.link)
    .map(([path, entry]) => ({
      name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version ?? '',
      path,
    }));
}

/**
 * Whether `allowScripts` records this package: by name, or by name and version (`npm install-scripts
 * approve --allow-scripts-pin` writes `name@version`).
 * @param {Record<string, boolean>} allowScripts
 * @param {InstallScript} script
 */
function recorded(allowScripts, { name, version }) {
  return Object.hasOwn(allowScripts, name) || Object.hasOwn(allowScripts, `${name}@${version}`);
}

/**
 * The packages whose install script `allowScripts` does not record (npm would warn about them), and the
 * entries of `allowScripts` no package of the lockfile needs any more (`npm install-scripts prune`).
 * @param {Lockfile} lockfile
 * @param {Record<string, boolean> | undefined} allowScripts
 * @returns {{ unrecorded: InstallScript[], unused: string[] }}
 */
export function checkAllowScripts(lockfile, allowScripts = {}) {
  const scripts = installScripts(lockfile);
  return {
    unrecorded: scripts.filter((script) => !recorded(allowScripts, script)),
    unused: Object.keys(allowScripts).filter(
      (key) => !scripts.some(({ name, version }) => key === name || key === `${name}@${version}`),
    ),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (/** @type {string} */ file) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
  const { unrecorded, unused } = checkAllowScripts(read('package-lock.json'), read('package.json').allowScripts);
  for (const { name, version, path } of unrecorded) console.log(`not in allowScripts: ${name}@${version} (${path})`);
  for (const key of unused) console.log(`in allowScripts, but no package has this install script any more: ${key}`);
  process.exit(unrecorded.length + unused.length > 0 ? 1 : 0);
}
