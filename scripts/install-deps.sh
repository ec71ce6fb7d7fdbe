#!/usr/bin/env bash
# Installs what building and testing flowc needs and a fresh machine may lack:
# libyaml (headers and pkg-config file), Graphviz, and check-jsonschema.
# Installs only what is missing, so it is cheap to run before every build.
set -euo pipefail

apt_packages=()
pkg-config --exists yaml-0.1 2>/dev/null || apt_packages+=(libyaml-dev pkg-config)
command -v dot >/dev/null 2>&1 || apt_packages+=(graphviz)
command -v script >/dev/null 2>&1 || apt_packages+=(bsdutils)

if [ ${#apt_packages[@]} -gt 0 ]; then
  echo "installing ${apt_packages[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi

if ! command -v check-jsonschema >/dev/null 2>&1; then
  echo "installing check-jsonschema" >&2
  python3 -m pip install --quiet check-jsonschema
fi
