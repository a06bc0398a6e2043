/**
 * The schema as PostgreSQL's catalog has it, as text: tables and their columns (type, null, default, identity),
 * constraints (the not-null ones are the columns'), indexes, and functions (signature, language, volatility and a
 * hash of the body with its spacing collapsed), so two databases built different ways can be compared, and the
 * schema files checked against a snapshot.
 */
import type { Sql } from '../../gateway/db/database';

export async function catalog(db: Sql): Promise<string> {
  const columns = await db.query<{ line: string }>(`
    select format('%s.%s %s%s%s%s', c.table_name, c.column_name,
        format_type(a.atttypid, a.atttypmod),
        case when c.is_nullable = 'NO' then ' not null' else '' end,
        case when c.column_default is not null then ' default ' || c.column_default else '' end,
        case when c.is_identity = 'YES' then ' identity ' || c.identity_generation else '' end) as line
    from information_schema.columns c
    join pg_attribute a on a.attrelid = format('public.%I', c.table_name)::regclass and a.attname = c.column_name
    where c.table_schema = 'public'
    order by c.table_name, c.ordinal_position`);
  const constraints = await db.query<{ line: string }>(`
    select format('%s %s: %s', r.relname, k.conname, pg_get_constraintdef(k.oid)) as line
    from pg_constraint k join pg_class r on r.oid = k.conrelid join pg_namespace n on n.oid = r.relnamespace
    where n.nspname = 'public' and k.contype <> 'n' order by r.relname, k.conname`);
  const indexes = await db.query<{ line: string }>(`
    select indexdef as line from pg_indexes where schemaname = 'public' order by tablename, indexname`);
  const functions = await db.query<{ line: string }>(`
    select format('%s(%s) returns %s, %s, %s, body %s', p.proname, pg_get_function_arguments(p.oid),
        pg_get_function_result(p.oid), l.lanname,
        case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end,
        md5(btrim(regexp_replace(p.prosrc, '\\s+', ' ', 'g')))) as line
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where n.nspname = 'public' order by p.proname, pg_get_function_arguments(p.oid)`);
  // Triggers hold rules too (the audit log's append-only guard), so a change to one shows in the snapshot.
  const triggers = await db.query<{ line: string }>(`
    select pg_get_triggerdef(t.oid) as line
    from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace
    where n.nspname = 'public' and not t.tgisinternal order by r.relname, t.tgname`);
  const section = (title: string, rows: { line: string }[]) =>
    [`# ${title}`, ...rows.map((row) => row.line)].join('\n');
  return `${[
    section('columns', columns),
    section('constraints', constraints),
    section('indexes', indexes),
    section('functions', functions),
    section('triggers', triggers),
  ].join('\n\n')}\n`;
}
