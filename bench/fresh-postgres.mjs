// A fresh PostgreSQL database for one benchmark server, made on the server BENCH_DATABASE_URL
// names and dropped at the end (shared by bench:ceiling, bench:growth and bench:compare).
import pg from 'pg';

let made = 0;

/**
 * @param {string} url a PostgreSQL server's URL (its database is only used to connect)
 * @param {string} label part of the database's name
 * @returns {Promise<{ url: string, drop: () => Promise<void> }>}
 */
export async function freshPostgres(url, label) {
  const name = `sahifa_${label}_${Date.now()}_${made++}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: databaseUrl.toString(), drop };
}
