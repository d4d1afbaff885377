import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import "../../app/services/metrics/http.server";
import "../../app/services/metrics/database.server";
import "../../app/services/metrics/business.server";
import { collectProcessMetrics, registry } from "../../app/services/metrics/registry.server";

/*
 * The alert rules and the dashboard (docs/operations.md#metrics) name only series the server
 * really registers: a renamed or dropped metric fails here, not at three in the morning. With
 * promtool on PATH (Debian: `apt-get install prometheus`) the rules, and the dashboard's queries
 * as rules, are also checked by Prometheus's own parser.
 */
const RULES = "ops/prometheus/alerts.yml";
const DASHBOARD = "ops/grafana/dating-platform.json";

/** Every series name a scrape can show: histograms as their _bucket, _sum and _count. */
function registeredSeries(): Set<string> {
  collectProcessMetrics();
  const names = new Set<string>();
  for (const metric of registry.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
    else if (type === "summary") for (const suffix of ["", "_sum", "_count"]) names.add(name + suffix);
    else names.add(name);
  }
  // Prometheus's own series for each scrape target.
  names.add("up");
  return names;
}

const KEYWORDS = new Set(["and", "or", "unless", "by", "without", "on", "ignoring", "group_left", "group_right", "bool", "offset", "inf", "nan"]);

/** The series names a PromQL expression selects (functions, labels, keywords and durations left out). */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  return [...bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)].filter((match) => !match[2] && !KEYWORDS.has(match[1]!.toLowerCase())).map((match) => match[1]!);
}

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
}

const rules = (parse(readFileSync(RULES, "utf8")) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((group) => group.rules);

interface Panel {
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}
const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as { uid: string; title: string; panels: Panel[] };
const queries = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).flatMap((panel) => (panel.targets ?? []).map((target) => ({ title: panel.title, expr: target.expr })));

const promtool = (() => {
  try {
    execFileSync("promtool", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("the alert rules", () => {
  const known = registeredSeries();

  it("finds the series of an expression", () => {
    expect(seriesIn('sum by (route, le) (rate(dating_http_request_duration_seconds_bucket{job="dating", route!="x"}[10m])) > 1 and on(route) up == 0')).toEqual(["dating_http_request_duration_seconds_bucket", "up"]);
    expect(seriesIn("time() - max by (scheduled_job) (dating_job_last_success_timestamp_seconds) > 3600")).toEqual(["dating_job_last_success_timestamp_seconds"]);
  });

  it("name only series the server registers", () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const series = seriesIn(rule.expr);
      expect(series.length, rule.alert).toBeGreaterThan(0);
      for (const name of series) expect(known.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it("cover what a team is paged for: errors, slow routes, backlogs, the inbox, jobs, the database and the target", () => {
    const used = new Set(rules.flatMap((rule) => seriesIn(rule.expr)));
    for (const name of ["dating_http_requests_total", "dating_http_request_duration_seconds_bucket", "dating_queue_overdue_seconds", "dating_operator_inbox_oldest_wait_seconds", "dating_job_overdue_seconds", "dating_db_up", "up"]) {
      expect(used.has(name), name).toBe(true);
    }
    for (const rule of rules) expect(rule.alert, rule.expr).toMatch(/^Dating[A-Z]\w+$/);
  });

  it.skipIf(!promtool)("pass promtool check rules", () => {
    expect(execFileSync("promtool", ["check", "rules", RULES], { encoding: "utf8" })).toMatch(/SUCCESS: \d+ rules found/);
  });
});

describe("the dashboard", () => {
  const known = registeredSeries();

  it("queries only series the server registers", () => {
    expect(dashboard.uid).toBe("dating-platform");
    expect(queries.length).toBeGreaterThan(10);
    for (const query of queries) {
      const series = seriesIn(query.expr);
      expect(series.length, query.title).toBeGreaterThan(0);
      for (const name of series) expect(known.has(name), `${query.title}: ${name}`).toBe(true);
    }
  });

  it.skipIf(!promtool)("has queries Prometheus parses (as recording rules, Grafana's variables filled in)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dashboard-rules-"));
    try {
      const file = path.join(dir, "dashboard.yml");
      const records = queries.map((query, index) => `      - record: dashboard:query_${index}\n        expr: ${JSON.stringify(query.expr.replaceAll("$__rate_interval", "5m").replaceAll("$job", "dating"))}`);
      writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${records.join("\n")}\n`);
      expect(execFileSync("promtool", ["check", "rules", file], { encoding: "utf8" })).toContain(`SUCCESS: ${queries.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
