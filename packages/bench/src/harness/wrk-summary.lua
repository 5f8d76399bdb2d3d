-- wrk script of load(): counts every answer that is not a 2xx (wrk itself counts only 4xx and
-- 5xx as errors) and prints, after the run, one line "WRK_SUMMARY {json}" with the figures
-- load() reads: requests, duration, latency percentiles, errors, non-2xx answers and the CPU
-- time wrk itself used (utime + stime of all its threads, in clock ticks, from /proc/self/stat).

local threads = {}

-- CPU ticks of this process so far: fields 14 and 15 of /proc/self/stat, counted after the
-- command name, which is in parentheses and may hold spaces.
local function cpu_ticks()
  local file = io.open("/proc/self/stat", "r")
  local stat = file:read("*a")
  file:close()
  local fields = {}
  for field in stat:match("%) (.*)$"):gmatch("%S+") do
    fields[#fields + 1] = field
  end
  return tonumber(fields[12]) + tonumber(fields[13])
end

-- Read in wrk's main Lua state before the threads start: the run's own CPU is what comes after.
local started_ticks = cpu_ticks()

-- Each thread has its own Lua state and counter; done() adds them up.
non2xx = 0

function setup(thread)
  threads[#threads + 1] = thread
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local answered_not_2xx = 0
  for _, thread in ipairs(threads) do
    answered_not_2xx = answered_not_2xx + thread:get("non2xx")
  end
  local errors = summary.errors
  io.write(string.format(
    'WRK_SUMMARY {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"non2xx":%d,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"cpu_ticks":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), answered_not_2xx,
    errors.connect, errors.read, errors.write, errors.status, errors.timeout, cpu_ticks() - started_ticks
  ))
end
