# Sourced by lab/setup.sh and .ci/run, which forbid service starts (Debian's policy-rc.d) while they
# install packages. The policy they write names the process that wrote it and that process's start
# time, so that one left behind by a kill -9 (the EXIT trap never ran, and every later package could
# not start its service) is found and removed by the next run; the start time tells a process that
# still runs from a later one that got the same pid. Bash builtins only: the tests run it on a PATH
# of stubs.

policy_marker='# perflab: forbids service starts while it installs, pid'

# The start time of process $1 (field 22 of /proc/PID/stat, clock ticks since boot), or nothing.
process_start() {
  local stat fields
  [[ $1 =~ ^[0-9]+$ && -r /proc/$1/stat ]] || return 0
  read -r stat < "/proc/$1/stat" 2>/dev/null || return 0
  # field 2, the command in parentheses, may hold spaces: count from after its last ')'
  read -ra fields <<< "${stat##*) }"
  echo "${fields[19]}"
}

# The mark a policy written by process $1 carries.
policy_mark() {
  echo "$policy_marker $1 started $(process_start "$1")"
}

# The pid in policy $1 when this lab wrote it and its process is gone (no such pid, or a pid that a
# later process got: another start time); nothing for a live one or any other policy.
stale_policy_owner() {
  local line pid started
  [[ -r $1 ]] || return 0
  while IFS= read -r line; do
    [[ $line == "$policy_marker "* ]] || continue
    read -r pid _ started <<< "${line#"$policy_marker "}"
    [[ $pid =~ ^[0-9]+$ ]] || return 0
    if [[ ! -d /proc/$pid ]] || [[ -n $started && $started != "$(process_start "$pid")" ]]; then
      echo "$pid"
    fi
    return 0
  done < "$1"
}
