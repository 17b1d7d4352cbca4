// node-hbase (npm "hbase") against regionlab-rest, through the library's
// documented API only: client.version / version_cluster / status_cluster /
// tables; table.create / schema / regions / exists / update / delete;
// row.get / put / delete / exists with columns, timestamp ranges, versions
// and '*' globs; table.scan with batch and filters.
//
// usage: node node_hbase_client.js PORT   (NODE_PATH finds the hbase module)
// Prints one TAP line per check; exits 1 when any failed.
'use strict';
const assert = require('assert');
const hbase = require('hbase');

const port = process.argv[2];
const client = hbase({ host: '127.0.0.1', port: port });

// Calls obj[method](...args, callback) and resolves with its result.
function call(obj, method, ...args) {
  return new Promise((resolve, reject) => {
    obj[method](...args, (err, value) => (err ? reject(err) : resolve(value)));
  });
}
function scan(table, options) {
  return new Promise((resolve, reject) => {
    table.scan(options, (err, cells) => (err ? reject(err) : resolve(cells)));
  });
}
// The HTTP status of a failing call (node-hbase sets error.code).
async function failureCode(promise) {
  try {
    await promise;
  } catch (e) {
    return e.code;
  }
  return 'no error';
}

let count = 0;
let failures = 0;
async function check(name, body) {
  count += 1;
  try {
    await body();
    console.log(`ok ${count} - ${name}`);
  } catch (e) {
    failures += 1;
    console.log(`not ok ${count} - ${name}`);
    console.log(`  # ${String(e && e.stack ? e.stack : e).split('\n').join('\n  # ')}`);
    if (e && e.body) console.log(`  # body: ${e.body}`);
  }
}

async function main() {
  const table = client.table('node_t');

  await check('client.version has HBase 2.x keys', async () => {
    const v = await call(client, 'version');
    assert.deepStrictEqual(Object.keys(v).sort(), ['JVM', 'Jersey', 'OS', 'REST', 'Server']);
    assert.strictEqual(v.REST, '0.0.3');
  });
  await check('client.version_cluster', async () => {
    const v = await call(client, 'version_cluster');
    assert.match(v.Version, /^2\.\d+\.\d+/);
  });
  await check('table.create with a schema', async () => {
    assert.strictEqual(await call(table, 'create', { ColumnSchema: [{ name: 'cf', VERSIONS: 5 }, { name: 'meta' }] }), true);
  });
  await check('client.tables lists it', async () => {
    const tables = await call(client, 'tables');
    assert.ok(tables.some((t) => t.name === 'node_t'), JSON.stringify(tables));
  });
  await check('table.exists', async () => {
    assert.strictEqual(await call(table, 'exists'), true);
    assert.strictEqual(await call(client.table('node_missing'), 'exists'), false);
  });
  await check('table.schema', async () => {
    const s = await call(table, 'schema');
    assert.strictEqual(s.name, 'node_t');
    assert.deepStrictEqual(s.ColumnSchema.map((c) => c.name), ['cf', 'meta']);
    assert.strictEqual(s.ColumnSchema[0].VERSIONS, '5');
  });
  await check('table.update adds a family', async () => {
    assert.strictEqual(await call(table, 'update', { ColumnSchema: [{ name: 'extra' }] }), true);
    const s = await call(table, 'schema');
    assert.deepStrictEqual(s.ColumnSchema.map((c) => c.name), ['cf', 'meta', 'extra']);
  });
  await check('table.regions', async () => {
    const r = await call(table, 'regions');
    assert.strictEqual(r.name, 'node_t');
    assert.strictEqual(r.Region.length, 1);
    assert.strictEqual(r.Region[0].startKey, '');
  });
  await check('client.status_cluster', async () => {
    const s = await call(client, 'status_cluster');
    assert.ok(s.LiveNodes.length >= 1);
    assert.ok(s.regions >= 1);
    assert.ok(Array.isArray(s.DeadNodes));
  });

  const row = table.row('user1');
  await check('row.put one column, row.get it back', async () => {
    assert.strictEqual(await call(row, 'put', 'cf:name', 'Ada'), true);
    const cells = await call(row, 'get', 'cf:name');
    assert.strictEqual(cells.length, 1);
    assert.strictEqual(cells[0].column, 'cf:name');
    assert.strictEqual(cells[0].$, 'Ada');
    assert.strictEqual(typeof cells[0].timestamp, 'number');
  });
  await check('row.put several columns with timestamps, versions and ranges', async () => {
    await call(row, 'put', ['cf:v', 'cf:v', 'cf:v'], ['one', 'two', 'three'], [1000, 2000, 3000]);
    const latest = await call(row, 'get', 'cf:v');
    assert.deepStrictEqual(latest.map((c) => c.$), ['three']);
    const all = await call(row, 'get', 'cf:v', { v: 3 });
    assert.deepStrictEqual(all.map((c) => c.$), ['three', 'two', 'one']);
    assert.deepStrictEqual(all.map((c) => c.timestamp), [3000, 2000, 1000]);
    const range = await call(row, 'get', 'cf:v', { start: 1500, end: 3000, v: 5 });
    assert.deepStrictEqual(range.map((c) => c.$), ['two']);
  });
  await check('row.get of several columns and a whole row', async () => {
    await call(row, 'put', 'meta:tag', 'x');
    const two = await call(row, 'get', ['cf:name', 'meta:tag']);
    assert.deepStrictEqual(two.map((c) => c.column).sort(), ['cf:name', 'meta:tag']);
    const whole = await call(row, 'get');
    assert.deepStrictEqual([...new Set(whole.map((c) => c.column))].sort(), ['cf:name', 'cf:v', 'meta:tag']);
  });
  await check('multi-row put with string timestamps', async () => {
    await call(table.row(), 'put', [
      { key: 'item1', column: 'cf:price', timestamp: 5000, $: '10' },
      { key: 'item2', column: 'cf:price', $: '20' },
      { key: 'item3', column: 'cf:price', $: '30' },
      { key: 'other', column: 'cf:price', $: '40' },
    ]);
    const cells = await call(table.row('item1'), 'get', 'cf:price');
    assert.strictEqual(cells[0].timestamp, 5000);
    assert.strictEqual(cells[0].$, '10');
  });
  await check('row.get with a * glob, with and without columns', async () => {
    const withColumn = await call(table.row('item*'), 'get', 'cf:price');
    assert.deepStrictEqual(withColumn.map((c) => c.key), ['item1', 'item2', 'item3']);
    const whole = await call(table.row('item*'), 'get');
    assert.deepStrictEqual(whole.map((c) => c.key), ['item1', 'item2', 'item3']);
  });
  await check('row.exists', async () => {
    assert.strictEqual(await call(row, 'exists'), true);
    assert.strictEqual(await call(row, 'exists', 'cf:name'), true);
    assert.strictEqual(await call(row, 'exists', 'cf:nothing'), false);
    assert.strictEqual(await call(table.row('nobody'), 'exists'), false);
  });
  await check('row.get of a missing row fails with 404', async () => {
    assert.strictEqual(await failureCode(call(table.row('nobody'), 'get')), 404);
  });
  await check('row.delete of a column, then of the row', async () => {
    assert.strictEqual(await call(row, 'delete', 'meta:tag'), true);
    assert.strictEqual(await call(row, 'exists', 'meta:tag'), false);
    assert.strictEqual(await call(row, 'exists', 'cf:name'), true);
    assert.strictEqual(await call(row, 'delete'), true);
    assert.strictEqual(await call(row, 'exists'), false);
  });

  // Rows for the scans: scan0..scan9, two columns each.
  const puts = [];
  for (let i = 0; i < 10; i++) {
    puts.push({ key: `scan${i}`, column: 'cf:a', $: `a${i}` });
    puts.push({ key: `scan${i}`, column: 'cf:b', $: `b${i}` });
  }
  await call(table.row(), 'put', puts);
  const keys = (cells) => [...new Set(cells.map((c) => c.key))];
  await check('table.scan with batch reads every cell', async () => {
    const cells = await scan(table, { startRow: 'scan0', endRow: 'scan9~', batch: 3, maxVersions: 1 });
    assert.strictEqual(cells.length, 20);
    assert.deepStrictEqual(keys(cells), Array.from({ length: 10 }, (_, i) => `scan${i}`));
  });
  await check('table.scan with a FilterList of RowFilters (RegexStringComparator)', async () => {
    const cells = await scan(table, {
      startRow: 'scan0',
      endRow: 'scan9~',
      filter: {
        op: 'MUST_PASS_ALL',
        type: 'FilterList',
        filters: [
          { op: 'EQUAL', type: 'RowFilter', comparator: { value: 'scan[0-4]', type: 'RegexStringComparator' } },
          { op: 'NOT_EQUAL', type: 'RowFilter', comparator: { value: '2$', type: 'RegexStringComparator' } },
        ],
      },
    });
    assert.deepStrictEqual(keys(cells), ['scan0', 'scan1', 'scan3', 'scan4']);
  });
  await check('table.scan with a ValueFilter (BinaryComparator)', async () => {
    const cells = await scan(table, {
      filter: { op: 'EQUAL', type: 'ValueFilter', comparator: { value: 'b7', type: 'BinaryComparator' } },
    });
    assert.deepStrictEqual(cells.map((c) => [c.key, c.column, c.$]), [['scan7', 'cf:b', 'b7']]);
  });
  await check('table.scan with a FirstKeyOnlyFilter', async () => {
    const cells = await scan(table, { startRow: 'scan', endRow: 'scan~', filter: { type: 'FirstKeyOnlyFilter' } });
    assert.strictEqual(cells.length, 10);
    assert.ok(cells.every((c) => c.column === 'cf:a'));
  });
  await check('table.scan with a PageFilter', async () => {
    const cells = await scan(table, { startRow: 'scan', filter: { type: 'PageFilter', value: '3' } });
    assert.deepStrictEqual(keys(cells), ['scan0', 'scan1', 'scan2']);
  });
  await check('table.scan of a missing table fails with 404', async () => {
    assert.strictEqual(await failureCode(scan(client.table('node_missing'), {})), 404);
  });
  await check('table.delete', async () => {
    assert.strictEqual(await call(table, 'delete'), true);
    assert.strictEqual(await call(table, 'exists'), false);
  });

  console.log(`1..${count}`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((e) => {
  console.log(`Bail out! ${e && e.stack ? e.stack : e}`);
  process.exit(1);
});
