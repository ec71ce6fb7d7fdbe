#!/usr/bin/env bash
# Installs what a fresh Debian or Ubuntu machine may lack, and only what is missing, so it
# is cheap to run before every build.
#
#   scripts/install-deps.sh          what building and running flowc needs: libyaml
#   scripts/install-deps.sh --tests  also what the tests need: Graphviz, script(1), Neovim
#                                    (the language server's editor smoke test), readelf, and
#                                    check-jsonschema and pytest-lsp in a virtual
#                                    environment, .build/venv
#
# Python tools never go into the system's Python, which Debian marks externally managed:
# they go into a virtual environment, .build/venv, made with Debian's own python3 whatever
# python3 comes first on PATH (a pyenv shim, say). The tests run them from there.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=false
[ "${1:-}" = "--tests" ] && tests=true

system_python=/usr/bin/python3
[ -x "$system_python" ] || system_python="$(command -v python3)"
venv=.build/venv

apt_packages=()
pkg-config --exists yaml-0.1 2>/dev/null || apt_packages+=(libyaml-dev pkg-config)
if $tests; then
  command -v dot >/dev/null 2>&1 || apt_packages+=(graphviz)
  command -v script >/dev/null 2>&1 || apt_packages+=(bsdutils)
  command -v nvim >/dev/null 2>&1 || apt_packages+=(neovim)
  command -v readelf >/dev/null 2>&1 || apt_packages+=(binutils)
  if [ ! -x "$venv/bin/check-jsonschema" ] && ! "$system_python" -m venv --help >/dev/null 2>&1
  then
    apt_packages+=(python3-venv)
  fi
fi

if [ ${#apt_packages[@]} -gt 0 ]; then
  echo "installing ${apt_packages[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi

if $tests && [ ! -x "$venv/bin/check-jsonschema" ]; then
  echo "installing check-jsonschema into $venv" >&2
  rm -rf "$venv"
  "$system_python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check check-jsonschema
fi

# pytest-lsp drives `flowc lsp` end to end (Tests/LSP); a venv made before it was needed
# gets it added.
if $tests && ! "$venv/bin/python" -c 'import pytest_lsp' >/dev/null 2>&1; then
  echo "installing pytest-lsp into $venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check pytest-lsp
fi
