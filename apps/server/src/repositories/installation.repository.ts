import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The file in DATA_DIR that names the folder; it is backed up and moved with the folder. */
export const DATA_DIR_ID_FILE = 'data-dir.id';

/**
 * The id of a DATA_DIR (written on its first use, exclusively, so processes starting together agree),
 * and the one the database has recorded as the installation's shared folder.
 */
export class InstallationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async dataDirId(dataDir: string): Promise<string> {
    const file = path.join(dataDir, DATA_DIR_ID_FILE);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${randomUUID()}\n`, { flag: 'wx' }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    });
    return (await readFile(file, 'utf8')).trim();
  }

  /** Records `id` as the shared folder's unless one is recorded already; answers the recorded one. */
  async sharedDataDirId(id: string): Promise<string> {
    await this.db
      .insertInto('installation')
      .values({ name: 'data_dir_id', value: id })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('installation')
      .select('value')
      .where('name', '=', 'data_dir_id')
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
