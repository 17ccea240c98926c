#!/usr/bin/env bash
# Hosts for trying the multi-host path on one Linux machine, as root:
#   lab/hosts.sh up N     N network namespaces perflab-h1..perflab-hN, each with an sshd
#   lab/hosts.sh status   what is up, and whether a killed run left hosts behind
#   lab/hosts.sh down     removes all of it: sshd processes, namespaces, veths, keys, state
# Host i is 198.18.i.2 (RFC 2544's benchmark range, 198.18.0.0/15): a veth pair joins it to this
# machine's root namespace, which has 198.18.i.1 on its end (a /30), and a veth per pair of hosts
# joins the hosts to each other with a route to the other's address. No bridge, no forwarding, no
# sysctl outside the lab's own interfaces and namespaces (IPv6 off there), no default route in a
# namespace: traffic goes only between these hosts, this machine's end of their veths, and 127/8.
# Each sshd listens on its host's address only, with its own host key and config, and lets in root
# with the key made for the run (its public half in /run/perflab-hosts/PREFIX). up writes
# STATE/ssh_config: ssh -F STATE/ssh_config h1. The hosts share this machine's files: a session's
# PATH begins with STATE/bin, where up links the vegeta the lab installed (tools/vegeta-*), so a
# load agent on a host runs the lab's own vegeta.
# STATE (results/hosts) names the process that made it and that process's start time; the next up
# or down removes what a killed one left (lab/policy-rc.sh's mark). Run from the repository root.
# PERFLAB_HOSTS_DIR, PERFLAB_HOSTS_PREFIX (perflab-h) and PERFLAB_HOSTS_NET (18, or 19 for
# 198.19.i.2) let the tests keep their hosts apart from a user's.
set -euo pipefail

max=16
state=${PERFLAB_HOSTS_DIR:-results/hosts}
prefix=${PERFLAB_HOSTS_PREFIX:-perflab-h}
net=198.${PERFLAB_HOSTS_NET:-18}
# sshd's StrictModes wants every folder above authorized_keys writable by root alone, which a clone
# in a home folder is not: the sshd side of the run's key lives under /run.
keys=/run/perflab-hosts/$prefix

fail() {
  echo "hosts: $*" >&2
  exit 1
}

usage() {
  echo "usage: lab/hosts.sh up N | status | down   (N: 1 to $max hosts)" >&2
  exit 2
}

case "${1:-}" in
  up)
    [[ $# == 2 ]] || usage
    [[ $2 =~ ^[0-9]{1,3}$ ]] || fail "N must be a number of hosts from 1 to $max, not '$2'"
    [[ $((10#$2)) -ge 1 && $((10#$2)) -le $max ]] || fail "N must be from 1 to $max hosts, not $2"
    count=$((10#$2))
    ;;
  down | status) [[ $# == 1 ]] || usage ;;
  *) usage ;;
esac
[[ $prefix =~ ^[a-z][a-z0-9-]{0,8}$ ]] || fail "PERFLAB_HOSTS_PREFIX must be 1 to 9 of a-z, 0-9, -, not '$prefix'"
[[ $net == 198.18 || $net == 198.19 ]] || fail "PERFLAB_HOSTS_NET must be 18 or 19 (198.18.0.0/15), not '${net#198.}'"
[[ $OSTYPE == linux* ]] || fail "network namespaces need Linux; this is $OSTYPE"
[[ $EUID == 0 ]] || fail "making network namespaces needs root: sudo lab/hosts.sh $*"
command -v ip >/dev/null || fail "ip (iproute2) is not installed: apt-get install iproute2"
command -v flock >/dev/null || fail "flock (util-linux) is not installed: apt-get install util-linux"

here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
# shellcheck source=lab/policy-rc.sh
source "$here/policy-rc.sh"

mkdir -p "${state%/*}"
state=$(cd "${state%/*}" && pwd)/${state##*/}
# One hosts.sh at a time per state directory (the lock goes with the process, also on kill -9).
exec 9<"${state%/*}"
flock -w 60 9 || fail "another lab/hosts.sh has held ${state%/*} for 60 s"

address() { echo "$net.$1.2"; }

# The lab's namespaces and root-side veths: those the state names and any with the prefix.
owned_namespaces() {
  { ip netns list 2>/dev/null | awk '{print $1}'; [[ -r $state/hosts ]] && cat "$state/hosts"; } \
    | grep -E "^${prefix}[0-9]+\$" | sort -u || true
}

owned_links() {
  ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | sed 's/@.*//' | grep -E "^${prefix}[0-9]+\$" || true
}

# Process $1 if it is still the sshd this lab started with config $2 (a pid may have been reused).
our_sshd() {
  [[ $1 =~ ^[0-9]+$ && -r /proc/$1/cmdline ]] && tr '\0' ' ' < "/proc/$1/cmdline" | grep -qF -- "-f $2"
}

# Whether process $1 runs (a zombie whose parent has not reaped it yet does not).
running() {
  local stat
  read -r stat < "/proc/$1/stat" 2>/dev/null || return 1
  stat=${stat##*) }
  [[ ${stat%% *} != Z ]]
}

stop_pids() {
  local pid waited alive
  [[ $# -gt 0 ]] || return 0
  kill -TERM "$@" 2>/dev/null || true
  for waited in $(seq 20); do
    alive=no
    for pid in "$@"; do running "$pid" && alive=yes; done
    [[ $alive == yes ]] || return 0
    sleep 0.1
  done
  kill -KILL "$@" 2>/dev/null || true
}

# Removes every sshd, process, namespace and veth of the lab's, then the state.
teardown() {
  local ns pids=() pid file link
  for file in "$state"/*/sshd.pid; do
    [[ -r $file ]] || continue
    read -r pid < "$file" || continue
    our_sshd "$pid" "${file%/*}/sshd_config" && pids+=("$pid")
  done
  # anything else still running in a namespace of the lab's (an ssh session, a load agent)
  for ns in $(owned_namespaces); do
    pids+=($(ip netns pids "$ns" 2>/dev/null || true))
  done
  stop_pids "${pids[@]}"
  for link in $(owned_links); do ip link del "$link" 2>/dev/null || true; done
  for ns in $(owned_namespaces); do ip netns del "$ns" 2>/dev/null || true; done
  if [[ -e $state/made-run-sshd ]]; then rmdir /run/sshd 2>/dev/null || true; fi
  rm -rf "$state" "$keys"
  rmdir /run/perflab-hosts 2>/dev/null || true
}

# One line on what the state says: up (by whom), or left by a process that was killed meanwhile.
describe() {
  local pid started phase count
  [[ -r $state/owner ]] || { echo "no state"; return; }
  read -r pid started phase count < "$state/owner"
  if [[ $phase == complete ]]; then
    echo "$count hosts up, made by lab/hosts.sh up (pid $pid)"
  elif [[ -d /proc/$pid && $started == "$(process_start "$pid")" ]]; then
    echo "hosts being made by pid $pid"
  else
    echo "hosts left by lab/hosts.sh up (pid $pid), killed while it made them"
  fi
}

clear_leftovers() {
  local namespaces
  namespaces=$(owned_namespaces | wc -l)
  if [[ -e $state || -e $keys || $namespaces -gt 0 || -n $(owned_links) ]]; then
    echo "hosts: removing $namespaces namespace$([[ $namespaces == 1 ]] || echo s) ($(describe))"
    teardown
  fi
}

find_sshd() {
  command -v sshd 2>/dev/null && return
  [[ -x /usr/sbin/sshd ]] && echo /usr/sbin/sshd && return
  bash "$here/setup.sh" sshd >&2 || true
  command -v sshd 2>/dev/null && return
  [[ -x /usr/sbin/sshd ]] && echo /usr/sbin/sshd && return
  fail "sshd (openssh-server) is not installed and lab/setup.sh could not install it: apt-get install openssh-server"
}

# Namespace $1 (host $2) with loopback, IPv6 off, and its veth to the root namespace.
make_host() {
  local ns=$1 i=$2
  local err
  err=$(ip netns add "$ns" 2>&1) || fail "cannot make network namespace $ns: ${err//$'\n'/ }"
  echo "$ns" >> "$state/hosts"
  ip netns exec "$ns" sh -c 'echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6; echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6'
  ip -n "$ns" link set lo up
  ip link add "$ns" type veth peer name eth0 netns "$ns"
  [[ -w /proc/sys/net/ipv6/conf/$ns/disable_ipv6 ]] && echo 1 > "/proc/sys/net/ipv6/conf/$ns/disable_ipv6"
  ip addr add "$net.$i.1/30" dev "$ns"
  ip -n "$ns" addr add "$(address "$i")/30" dev eth0
  ip link set "$ns" up
  ip -n "$ns" link set eth0 up
}

# A veth between hosts $1 and $2, with a route on each side to the other's address.
join_hosts() {
  local i=$1 j=$2
  ip link add "to-h$j" netns "$prefix$i" type veth peer name "to-h$i" netns "$prefix$j"
  ip -n "$prefix$i" link set "to-h$j" up
  ip -n "$prefix$j" link set "to-h$i" up
  ip -n "$prefix$i" route add "$(address "$j")/32" dev "to-h$j" src "$(address "$i")"
  ip -n "$prefix$j" route add "$(address "$i")/32" dev "to-h$i" src "$(address "$j")"
}

# Host $1's sshd: its own host key and config, on its address only, root with the run's key only.
start_sshd() {
  local i=$1 dir=$state/h$1 pid waited
  mkdir -p "$dir"
  ssh-keygen -q -t ed25519 -N '' -C "$prefix$i" -f "$dir/ssh_host_ed25519_key"
  echo "h$i,$prefix$i,$(address "$i") $(cut -d' ' -f1-2 "$dir/ssh_host_ed25519_key.pub")" >> "$state/known_hosts"
  cat > "$dir/sshd_config" <<EOF
ListenAddress $(address "$i"):22
HostKey $dir/ssh_host_ed25519_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $keys/authorized_keys
AllowUsers root
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes yes
X11Forwarding no
AllowAgentForwarding no
AllowTcpForwarding no
PermitTunnel no
PrintMotd no
LogLevel VERBOSE
SetEnv PATH=$state/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
EOF
  ip netns exec "$prefix$i" "$sshd" -f "$dir/sshd_config" -E "$dir/sshd.log" 9<&-
  # the daemon listens, then writes its pid file
  for waited in $(seq 50); do
    [[ -s $dir/sshd.pid ]] && return 0
    sleep 0.1
  done
  fail "the sshd of $prefix$i did not start within 5 s: $(tail -1 "$dir/sshd.log" 2>/dev/null)"
}

# STATE/bin/vegeta: the newest vegeta in tools/, which every host's PATH holds (none installed yet:
# make setup-load, then up again).
link_vegeta() {
  local vegeta
  mkdir -p "$state/bin"
  vegeta=$(ls -d "$(cd "$here/.." && pwd)"/tools/vegeta-*/vegeta 2>/dev/null | sort -V | tail -1 || true)
  if [[ -n $vegeta && -x $vegeta ]]; then
    ln -s "$vegeta" "$state/bin/vegeta"
  fi
}

write_ssh_config() {
  local i names=""
  {
    echo "# lab/hosts.sh up $count: ssh -F $state/ssh_config h1 (removed by lab/hosts.sh down)"
    for i in $(seq "$count"); do
      printf 'Host h%s %s%s %s\n  HostName %s\n' "$i" "$prefix" "$i" "$(address "$i")" "$(address "$i")"
      names+=" h$i $prefix$i $(address "$i")"
    done
    echo "Host$names"
    echo "  User root"
    echo "  IdentityFile $state/id_ed25519"
    echo "  IdentitiesOnly yes"
    echo "  UserKnownHostsFile $state/known_hosts"
    echo "  GlobalKnownHostsFile /dev/null"
    echo "  StrictHostKeyChecking yes"
    echo "  BatchMode yes"
    echo "  ConnectTimeout 5"
  } > "$state/ssh_config"
}

up() {
  local i j
  command -v ssh-keygen >/dev/null || fail "ssh-keygen (openssh-client) is not installed: apt-get install openssh-client"
  sshd=$(find_sshd)
  clear_leftovers
  # a failed up leaves nothing behind
  trap 'code=$?; [[ $code == 0 ]] || teardown; exit $code' EXIT
  trap 'exit 130' INT TERM
  mkdir -m 700 "$state"
  echo "$$ $(process_start $$) making $count" > "$state/owner"
  if [[ ! -d /run/sshd ]]; then
    mkdir -m 755 /run/sshd
    touch "$state/made-run-sshd"
  fi
  ssh-keygen -q -t ed25519 -N '' -C "perflab hosts $$" -f "$state/id_ed25519"
  mkdir -p -m 700 "$keys"
  cp "$state/id_ed25519.pub" "$keys/authorized_keys"
  link_vegeta
  for i in $(seq "$count"); do make_host "$prefix$i" "$i"; done
  for i in $(seq "$count"); do
    for j in $(seq $((i + 1)) "$count"); do join_hosts "$i" "$j"; done
  done
  for i in $(seq "$count"); do start_sshd "$i"; done
  write_ssh_config
  echo "$$ $(process_start $$) complete $count" > "$state/owner"
  for i in $(seq "$count"); do echo "h$i  $prefix$i  $(address "$i")"; done
  if [[ -L $state/bin/vegeta ]]; then
    echo "vegeta on the hosts' PATH: $(readlink "$state/bin/vegeta")"
  else
    echo "no vegeta in tools/ yet, so none on the hosts' PATH: make setup-load, then lab/hosts.sh up $count again"
  fi
  echo "ssh -F $state/ssh_config h1   (or Include $state/ssh_config in ~/.ssh/config); lab/hosts.sh down removes them"
}

status() {
  local ns pid
  if [[ ! -e $state && -z $(owned_namespaces) ]]; then
    echo "no hosts up"
    return 0
  fi
  echo "$(describe)"
  for ns in $(owned_namespaces); do
    pid=""
    [[ -r $state/h${ns#"$prefix"}/sshd.pid ]] && read -r pid < "$state/h${ns#"$prefix"}/sshd.pid"
    if [[ -n $pid ]] && our_sshd "$pid" "$state/h${ns#"$prefix"}/sshd_config"; then
      echo "h${ns#"$prefix"}  $ns  $(address "${ns#"$prefix"}")  sshd pid $pid"
    else
      echo "h${ns#"$prefix"}  $ns  $(address "${ns#"$prefix"}")  no sshd"
    fi
  done
  [[ $(describe) == *" up, made by "* ]] || { echo "lab/hosts.sh down removes them"; return 1; }
}

case "$1" in
  up) up ;;
  status) status ;;
  down)
    clear_leftovers
    echo "hosts: down"
    ;;
esac
