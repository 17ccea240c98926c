-- wrk script of the lab runner.
--  * WRK_HEADER set ("Name: value"): every request carries that header line (the lab's TOKEN_HEADER).
--  * WRK_TOKEN set (and no WRK_HEADER): every request carries "Authorization: Bearer $WRK_TOKEN".
--  * At the end, after wrk's own report, one line of JSON follows the marker line
--    "--- wrk.json ---": requests, duration, bytes, every error class (status = non-2xx/3xx),
--    and latency min/mean/stdev/max plus percentiles, all in milliseconds; "spectrum" lists
--    [percentile, ms] at a fine ladder of percentiles (from which the runner rebuilds an HdrHistogram).
-- Usage: WRK_TOKEN=lab-token wrk -t5 -c10 -d60s --latency -s wrk/summary.lua http://127.0.0.1:38071/service/hello

local header = os.getenv("WRK_HEADER")
local token = os.getenv("WRK_TOKEN")
if header ~= nil and header ~= "" then
   local name, value = header:match("^%s*([^:]+):%s*(.-)%s*$")
   if name == nil then
      error("WRK_HEADER must be 'Name: value', not '" .. header .. "'")
   end
   wrk.headers[name] = value
elseif token ~= nil and token ~= "" then
   wrk.headers["Authorization"] = "Bearer " .. token
end

local percentiles = { "50", "75", "90", "99", "99.9", "99.99" }

-- 1, 2, ..., 99 %, then ten steps in each further nine: 99.1 ... 99.9, 99.91 ... 99.99, ..., 100
local ladder = {}
for q = 1, 99 do ladder[#ladder + 1] = q end
local step, base = 0.1, 99
for _ = 1, 4 do
   for k = 1, 9 do ladder[#ladder + 1] = base + k * step end
   base, step = base + 9 * step, step / 10
end
ladder[#ladder + 1] = 100

done = function(summary, latency, requests)
   local e = summary.errors
   local p = {}
   for i, q in ipairs(percentiles) do
      p[i] = string.format('"%s": %.3f', q, latency:percentile(tonumber(q)) / 1000.0)
   end
   local s = {}
   for i, q in ipairs(ladder) do
      s[i] = string.format('[%.5f, %.3f]', q, latency:percentile(q) / 1000.0)
   end
   io.write("--- wrk.json ---\n")
   io.write(string.format(
      '{"requests": %d, "duration_us": %d, "bytes": %d, '
         .. '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, '
         .. '"latency_ms": {"min": %.3f, "mean": %.3f, "stdev": %.3f, "max": %.3f, "percentiles": {%s}}, '
         .. '"spectrum": [%s]}\n',
      summary.requests, summary.duration, summary.bytes,
      e.connect, e.read, e.write, e.status, e.timeout,
      latency.min / 1000.0, latency.mean / 1000.0, latency.stdev / 1000.0, latency.max / 1000.0,
      table.concat(p, ", "), table.concat(s, ", ")))
end
