import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite, openPostgres, wrapPglite } from '../db/client.js';
import type { TestProject } from './db-template.js';

/**
 * Migrates one template database per run: PostgreSQL when TEST_DATABASE_URL is set (CI), else PGlite
 * dumped to a file. Each test file then clones it (test/db.ts), so no test sees another's rows.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const base = new URL(url).pathname.slice(1) || 'postgres';
    const prefix = `${base}_t${process.pid}`.toLowerCase();
    const template = `${prefix}_tmpl`;
    await adminQuery(url, `drop database if exists "${template}"`);
    await adminQuery(url, `create database "${template}"`);
    const tmplUrl = withDatabase(url, template);
    const database = openPostgres(tmplUrl, 1);
    await database.migrate();
    await database.close();
    project.provide('dbTemplate', { driver: 'postgres', adminUrl: url, template, prefix });
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${prefix}\\_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
      await client.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-db-'));
  const client = await createPglite();
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { driver: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
