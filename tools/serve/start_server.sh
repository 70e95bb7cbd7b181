# Sourced by the scripts that run `tbprobe serve` (the browser test, the load benchmark):
#   start_server TBPROBE LOG ARGS...   starts it on a free port; sets $server (pid), $port
#   stop_server                        SIGTERM, then waits for it to finish
start_server() {
  local tbprobe=$1 log=$2
  shift 2
  "$tbprobe" serve --port 0 "$@" 2>"$log" &
  server=$!
  for _ in $(seq 100); do grep -q listening "$log" && break; sleep 0.1; done
  port=$(sed -n 's|.*listening on http://[^:]*:\([0-9]*\)/.*|\1|p' "$log")
  [ -n "$port" ] || { cat "$log" >&2; return 1; }
}
stop_server() {
  if [ -n "${server:-}" ]; then kill -TERM "$server" 2>/dev/null; wait "$server" || true; fi
  server=""
}
