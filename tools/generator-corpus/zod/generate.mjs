// Writes what zod-to-json-schema gives for some zod tool-argument schemas, one schema
// per file, and next to each a JSONL of argument objects with zod's own verdict on
// them (`schema.safeParse`): `node generate.mjs ../../../tests/data/generators`.
//
// The cases try, for every numeric field, each bound in its zod checks (`min`/`max`,
// inclusive or not) and the first value beyond (1 for `.int()`, 0.5 otherwise), or
// for a field without bounds a few plain values.

import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";

const point = z.object({
  x: z.number().int().min(-1000).max(1000),
  y: z.number().int().min(-1000).max(1000),
});

const tools = [
  {
    name: "zod_create_invoice",
    schema: z
      .object({
        customer: z.string().describe("Customer id"),
        amount_cents: z.number().int().positive(),
        quantity: z.number().int().min(1).max(999),
        tax_rate: z.number().min(0).max(1),
        discount: z.number().nonnegative().optional(),
        note: z.string().optional(),
      })
      .describe("Create an invoice."),
    base: { customer: "c-1", amount_cents: 100, quantity: 1, tax_rate: 0.2, discount: 0 },
  },
  {
    name: "zod_schedule",
    schema: z
      .object({
        title: z.string(),
        hour: z.number().int().min(0).max(23),
        minute: z.number().int().gte(0).lt(60),
        duration_minutes: z.number().int().positive().max(480),
        priority: z.enum(["low", "normal", "high"]),
        repeat_every_days: z.number().int().nonnegative().nullable(),
        weight: z.number(),
      })
      .describe("Schedule a meeting."),
    base: {
      title: "sync",
      hour: 9,
      minute: 30,
      duration_minutes: 30,
      priority: "normal",
      repeat_every_days: null,
      weight: 1,
    },
  },
  {
    name: "zod_move_robot",
    schema: z
      .object({
        target: point,
        waypoints: z.array(point).max(10),
        speed: z.number().positive().lte(2.5),
      })
      .describe("Move the robot to a point."),
    base: { target: { x: 0, y: 0 }, waypoints: [{ x: 1, y: 1 }], speed: 1 },
  },
  {
    name: "zod_edit_doc",
    schema: z
      .object({
        doc_id: z.string(),
        edit: z.discriminatedUnion("action", [
          z.object({ action: z.literal("insert"), text: z.string() }),
          z.object({ action: z.literal("delete"), count: z.number().int().min(1) }),
          z.object({ action: z.literal("undo") }).describe("Undo the last edit."),
        ]),
        anchor: point.nullable().optional(),
        retries: z.number().int().min(0).max(5).optional(),
      })
      .describe("Edit a document: one action per call."),
    base: { doc_id: "d1", edit: { action: "delete", count: 2 }, anchor: { x: 1, y: 2 }, retries: 0 },
  },
];
// The same schema named (`zodToJsonSchema(schema, { name })`): the root is a `$ref`
// into `definitions`.
tools.push({ ...tools[2], name: "zod_move_robot_named", options: { name: "move_robot" } });

// The numeric fields of an object schema: [pointer, ZodNumber, nullable].
function numericFields(schema, prefix, base) {
  const out = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    let inner = field;
    let nullable = false;
    while (inner._def.innerType) {
      nullable ||= inner instanceof z.ZodNullable || inner instanceof z.ZodOptional;
      inner = inner._def.innerType;
    }
    const at = `${prefix}/${key}`;
    if (inner instanceof z.ZodNumber) out.push([at, inner, nullable]);
    else if (inner instanceof z.ZodObject) out.push(...numericFields(inner, at));
    else if (inner instanceof z.ZodArray && inner.element instanceof z.ZodObject)
      out.push(...numericFields(inner.element, `${at}/0`));
  }
  return out;
}

function values(number, nullable) {
  const checks = number._def.checks;
  const int = checks.some((c) => c.kind === "int");
  const step = int ? 1 : 0.5;
  const out = [];
  for (const c of checks) {
    if (c.kind !== "min" && c.kind !== "max") continue;
    const sign = c.kind === "min" ? -1 : 1;
    const name = `${c.kind}${c.inclusive ? "" : " (exclusive)"} ${c.value}`;
    out.push([c.value, name]);
    out.push([c.value + sign * step, `beyond ${name}`]);
    if (!c.inclusive) out.push([c.value - sign * step, `inside ${name}`]);
  }
  if (out.length === 0) out.push([0.25, "a fraction"], [1e308, "large"], [-1e308, "large negative"]);
  if (int) out.push([1.5, "not an integer"]);
  if (nullable) out.push([null, "null"]);
  return out;
}

function setAt(doc, at, value) {
  const keys = at.split("/").slice(1);
  let parent = doc;
  for (const k of keys.slice(0, -1)) parent = parent[k];
  parent[keys[keys.length - 1]] = value;
}

const outDir = process.argv[2];
mkdirSync(outDir, { recursive: true });
for (const tool of tools) {
  if (!tool.schema.safeParse(tool.base).success) throw new Error(`${tool.name}: base refused`);
  const json = zodToJsonSchema(tool.schema, tool.options);
  writeFileSync(join(outDir, `${tool.name}.json`), JSON.stringify(json, null, 2) + "\n");
  const lines = [];
  for (const [at, number, nullable] of numericFields(tool.schema, "")) {
    for (const [value, why] of values(number, nullable)) {
      const doc = structuredClone(tool.base);
      setAt(doc, at, value);
      const text = JSON.stringify(doc);
      const valid = tool.schema.safeParse(JSON.parse(text)).success;
      const type = number.isInt ? "int" : "number";
      lines.push(JSON.stringify({ field: at, type, value: JSON.stringify(value), why, valid, text }));
    }
  }
  writeFileSync(join(outDir, `${tool.name}.cases.jsonl`), lines.map((l) => l + "\n").join(""));
}
