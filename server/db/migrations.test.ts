import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

/**
 * The migrations as a shop that already runs meets them: its data is kept and brought along.
 * `upTo` copies the folder with its journal cut after that migration (`0010_…`).
 */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "kybernetes-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  folders.push(folder);
  return folder;
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("migrating a shop seeded before eBooks were downloads (0011, 0012)", () => {
  it("marks its eBooks digital and keeps its orders' addresses and lines as they were sold", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo("0010_product_pictures") });
    await client.exec(`
      insert into products (id, slug, work, name, description, category, type, price_cents)
      values
        (1, 'circuit-paperback', 'circuit', 'Salt Water Circuit', 'A novel.', 'Book', 'Paperback', 2299),
        (2, 'circuit-ebook', 'circuit', 'Salt Water Circuit', 'A novel.', 'Book', ' eBook ', 1299);
      insert into orders (access_token, idempotency_key, request_hash, email, address,
        items_cents, shipping_cents, gst_cents, total_cents, pay_by, units)
      values ('token-token-token-token', 'key-key-key-key-key', 'hash', 'ada@example.com',
        '{"firstName":"Ada","surname":"Lovelace","street":"1 Way","city":"Sydney","postcode":"2000","country":"Australia"}',
        1299, 2000, 299, 3299, now(), 1);
      insert into order_lines (order_id, position, product_id, type, name, unit_cents, quantity)
      select id, 0, 2, 'eBook', 'Salt Water Circuit', 1299, 1 from orders;
    `);

    await migrate(db, { migrationsFolder });

    const digital = await client.query<{ id: number; digital: boolean }>(
      "select id, digital from products order by id",
    );
    expect(digital.rows).toEqual([
      { id: 1, digital: false },
      { id: 2, digital: true },
    ]);
    const order = await client.query<{ city: string; shipping_cents: number }>(
      "select address->>'city' as city, shipping_cents from orders",
    );
    expect(order.rows).toEqual([{ city: "Sydney", shipping_cents: 2000 }]);
    // Sold as a parcel then: it stays one.
    const lines = await client.query<{ digital: boolean }>("select digital from order_lines");
    expect(lines.rows).toEqual([{ digital: false }]);
    const links = await client.query("select * from order_downloads");
    expect(links.rows).toEqual([]);
    await client.close();
  });
});

describe("migrating orders placed before tax classes (0015)", () => {
  it("makes every line a taxable supply whose GST adds up to what the order was sold with", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo("0014_stock_alerts") });
    // 3 × $0.05 and $20.00 shipping: the order's GST was round(2015 / 11) = 183 cents, while the
    // lines rounded one by one hold 0 and shipping 182: the first line takes the cent.
    await client.exec(`
      insert into orders (access_token, idempotency_key, request_hash, email,
        items_cents, shipping_cents, gst_cents, total_cents, pay_by, units)
      values ('token-token-token-token', 'key-key-key-key-key', 'hash', 'ada@example.com',
        15, 2000, 183, 2015, now(), 3);
      insert into order_lines (order_id, position, product_id, type, name, unit_cents, quantity)
      select id, position, position + 1, 'Pin', 'Pin', 5, 1
      from orders, generate_series(0, 2) as position;
    `);

    await migrate(db, { migrationsFolder });

    const lines = await client.query<{ tax_class: string; gst_cents: number }>(
      "select tax_class, gst_cents from order_lines order by position",
    );
    expect(lines.rows).toEqual([
      { tax_class: "taxable", gst_cents: 1 },
      { tax_class: "taxable", gst_cents: 0 },
      { tax_class: "taxable", gst_cents: 0 },
    ]);
    const order = await client.query<Record<string, unknown>>(
      "select gst_cents, shipping_gst_cents, gst_free_export, gst_removed_cents, total_cents from orders",
    );
    expect(order.rows).toEqual([
      {
        gst_cents: 183,
        shipping_gst_cents: 182,
        gst_free_export: false,
        gst_removed_cents: 0,
        total_cents: 2015,
      },
    ]);
    await client.close();
  });
});
