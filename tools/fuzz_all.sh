#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for SECONDS each (default 60), two at a time,
# then prints the executions per target and any crash.
#
#   tools/fuzz_all.sh 600            # 10 minutes each: 25 minutes on 2 cores
#   FUZZ_JOBS=1 tools/fuzz_all.sh    # one at a time
#   FUZZ_TARGETS="exports" tools/fuzz_all.sh 30
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). Built
# without a sanitizer (the code is safe Rust; a panic, an abort or a stack overflow
# is the finding) but with debug assertions, so integer overflow panics too. Each
# input gets a time budget (-timeout, seconds) and a memory budget (-rss_limit_mb);
# inputs are at most -max_len bytes. The corpora (fuzz/corpus/TARGET) are seeded
# from the benchmark inputs and schemas, and the small hostile shapes of fuzz/seeds/
# (ladders of shared definitions, a ref chain, ...), on the first run and kept
# (git-ignored); TOOL_SCHEMA_FUZZ_SKIP=gemini_json_schema,... leaves export targets
# out (to look past a known bug);
# crashes go to fuzz/artifacts/TARGET. Exit status 1 when a target crashed.
set -uo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
jobs="${FUZZ_JOBS:-2}"
timeout_s="${FUZZ_TIMEOUT:-10}"
rss_mb="${FUZZ_RSS_MB:-2048}"
max_len="${FUZZ_MAX_LEN:-4096}"
read -r -a targets <<<"${FUZZ_TARGETS:-text_vs_value schema_parse_validate exports compiled_vs_interp stream_vs_text}"
flags=(-s none --debug-assertions)
logs="fuzz/logs"
mkdir -p "$logs"

echo "== building the fuzz targets"
cargo +nightly fuzz build "${flags[@]}" || exit 2

# Seeds: the first byte of every input is a header (see each target's docs).
seed() { # seed TARGET NAME HEADER-BYTE FILE
  local dir="fuzz/corpus/$1"
  mkdir -p "$dir"
  { printf "\\x$(printf %02x "$3")"; cat "$4"; } >"$dir/seed-$2"
}
benches=(weather search order job)
for t in "${targets[@]}"; do
  [ -n "$(ls -A "fuzz/corpus/$t" 2>/dev/null)" ] && continue
  case "$t" in
    text_vs_value | compiled_vs_interp)
      for i in 0 1 2 3; do
        b="${benches[$i]}"
        seed "$t" "$b-valid" "$i" "bench/data/${b}_valid.json"
        seed "$t" "$b-invalid" "$i" "bench/data/${b}_invalid.json"
      done
      ;;
    stream_vs_text)
      # Two header bytes: the schema, options and mode; the chunk sizes' seed.
      for i in 0 1 2 3; do
        b="${benches[$i]}"
        seed "$t" "$b-valid" "$i" <(printf '\x07'; cat "bench/data/${b}_valid.json")
        seed "$t" "$b-invalid" "$i" <(printf '\x0b'; cat "bench/data/${b}_invalid.json")
      done
      ;;
    schema_parse_validate | exports)
      for f in bench/data/{weather,search,order,job}.json fuzz/schemas/*.json fuzz/seeds/*.json; do
        seed "$t" "$(basename "$f" .json)" 0 "$f"
      done
      ;;
  esac
done

run() { # run TARGET
  cargo +nightly fuzz run "${flags[@]}" "$1" -- \
    -max_total_time="$secs" -timeout="$timeout_s" -rss_limit_mb="$rss_mb" \
    -max_len="$max_len" -print_final_stats=1 >"$logs/$1.log" 2>&1
  echo $? >"$logs/$1.rc"
}

echo "== running ${targets[*]} for ${secs}s each, $jobs at a time (logs in $logs/)"
running=0
for t in "${targets[@]}"; do
  run "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

status=0
printf '\n%-24s %14s %10s  %s\n' target executions exec/s result
for t in "${targets[@]}"; do
  log="$logs/$t.log"
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  [ -z "$execs" ] && execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  rc=$(cat "$logs/$t.rc" 2>/dev/null || echo '?')
  if [ "$rc" = 0 ]; then
    result=ok
  else
    result="CRASH (rc $rc): $(grep -o 'Test unit written to .*' "$log" | head -1)"
    status=1
  fi
  printf '%-24s %14s %10s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$result"
done
exit $status
