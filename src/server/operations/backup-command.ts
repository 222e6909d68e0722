/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the configuration read from the environment
 * as `npm start` reads it (DATA_DIR, DATABASE_URL, …), then operations/backup.ts or restore.ts.
 */
import { readConfig } from '../config.ts';
import { takeBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

const [what, file] = process.argv.slice(2);
if ((what !== 'backup' && what !== 'restore') || !file) {
  console.error(`Usage: npm run ${what === 'restore' ? 'restore' : 'backup'} -- <file.tar.gz>`);
  process.exit(2);
}
try {
  const config = readConfig();
  if (what === 'backup') {
    const manifest = await takeBackup(config, file);
    console.log(`Backup written to ${file} (${manifest.database} database, ${manifest.storage} uploads). Its NOTE.txt says what else to keep.`);
  } else {
    console.log(await restoreBackup(config, file));
    console.log(`Restored into ${config.dataDir}${config.databaseUrl ? ' and the database of DATABASE_URL' : ''}. Start the server: npm start`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
