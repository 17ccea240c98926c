-- wrk script of the lab runner.
--  * WRK_TOKEN set: every request carries "Authorization: Bearer $WRK_TOKEN".
--  * At the end, after wrk's own report, one line of JSON follows the marker line
--    "--- wrk.json ---": requests, duration, bytes, every error class (status = non-2xx/3xx),
--    and latency min/mean/stdev/max plus percentiles, all in milliseconds.
-- Usage: WRK_TOKEN=lab-token wrk -t5 -c10 -d60s --latency -s wrk/summary.lua http://127.0.0.1:38071/service/hello

local token = os.getenv("WRK_TOKEN")
if token ~= nil and token ~= "" then
   wrk.headers["Authorization"] = "Bearer " .. token
end

local percentiles = { "50", "75", "90", "99", "99.9", "99.99" }

done = function(summary, latency, requests)
   local e = summary.errors
   local p = {}
   for i, q in ipairs(percentiles) do
      p[i] = string.format('"%s": %.3f', q, latency:percentile(tonumber(q)) / 1000.0)
   end
   io.write("--- wrk.json ---\n")
   io.write(string.format(
      '{"requests": %d, "duration_us": %d, "bytes": %d, '
         .. '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, '
         .. '"latency_ms": {"min": %.3f, "mean": %.3f, "stdev": %.3f, "max": %.3f, "percentiles": {%s}}}\n',
      summary.requests, summary.duration, summary.bytes,
      e.connect, e.read, e.write, e.status, e.timeout,
      latency.min / 1000.0, latency.mean / 1000.0, latency.stdev / 1000.0, latency.max / 1000.0,
      table.concat(p, ", ")))
end
