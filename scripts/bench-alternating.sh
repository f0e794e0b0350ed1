#!/usr/bin/env bash
# Strata beside ThorVG (and rlottie) on Lottie files, measured in alternation: each file is run
# ROUNDS times by each renderer in turn (strata, thorvg, rlottie, strata, ...), every run its own
# process on one core, and each renderer's figure is the median over rounds of its run's median
# (and mean) ms a frame. A shared machine's speed drifts by tens of percent within a minute; runs
# one after the other see the same drift, where one long run of each renderer does not.
#
#   scripts/bench-alternating.sh [--rounds N] [--passes N] [--bench PATH] [FILE.json|DIR ...]
#
# Defaults: 7 rounds of 3 passes, the release strata-bench (built if missing),
# ../shared/lottie/bench. Needs ThorVG (bash scripts/bench-peers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/strata-bench
rounds=7
passes=3
inputs=()
while [ $# -gt 0 ]; do
    case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    *) inputs+=("$1"); shift ;;
    esac
done
[ ${#inputs[@]} -gt 0 ] || inputs=(../shared/lottie/bench)
[ -x "$bench" ] || swift build -c release --product strata-bench > /dev/null
export STRATA_THORVG=${STRATA_THORVG:-$(bash scripts/bench-peers.sh)}
pin=()
command -v taskset > /dev/null && pin=(taskset -c "${STRATA_BENCH_CORE:-1}")
renderers=(strata thorvg rlottie)
# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-28s %17s %17s %17s %15s %15s\n' file "strata ms" "thorvg ms" "rlottie ms" "÷ thorvg" "÷ rlottie"
printf '%-28s %17s %17s %17s %15s %15s\n' "" "median / mean" "median / mean" "median / mean" "median / mean" "median / mean"
for input in "${inputs[@]}"; do
    if [ -d "$input" ]; then files=("$input"/*.json); else files=("$input"); fi
    for file in "${files[@]}"; do
        name=$(basename "$file" .json)
        for r in "${renderers[@]}"; do : > "$work/$r.median"; : > "$work/$r.mean"; done
        for _ in $(seq "$rounds"); do
            for r in "${renderers[@]}"; do
                line=$("${pin[@]}" "$bench" --measure-file "$r" "$file" --passes "$passes" 2>/dev/null | grep '^RESULT' || true)
                [ -n "$line" ] || continue
                echo "$line" | grep -o '"medianMilliseconds":[0-9.e-]*' | cut -d: -f2 >> "$work/$r.median"
                echo "$line" | grep -o '"meanMilliseconds":[0-9.e-]*' | cut -d: -f2 >> "$work/$r.mean"
            done
        done
        declare -A md mn
        for r in "${renderers[@]}"; do
            md[$r]=$(median < "$work/$r.median")
            mn[$r]=$(median < "$work/$r.mean")
        done
        ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a != "nan") printf "%.2f×", a / b; else printf "-" }'; }
        printf '%-28s %17s %17s %17s %15s %15s\n' "$name" \
            "$(printf '%.3f / %.3f' "${md[strata]}" "${mn[strata]}")" \
            "$(printf '%.3f / %.3f' "${md[thorvg]}" "${mn[thorvg]}" 2>/dev/null || echo -)" \
            "$(printf '%.3f / %.3f' "${md[rlottie]}" "${mn[rlottie]}" 2>/dev/null || echo -)" \
            "$(ratio "${md[strata]}" "${md[thorvg]}") / $(ratio "${mn[strata]}" "${mn[thorvg]}")" \
            "$(ratio "${md[strata]}" "${md[rlottie]}") / $(ratio "${mn[strata]}" "${mn[rlottie]}")"
        echo "$name ${md[strata]} ${mn[strata]} ${md[thorvg]} ${mn[thorvg]} ${md[rlottie]} ${mn[rlottie]}" >> "$work/all"
    done
done
# Geometric means of the ratios, each over the files that Strata and that renderer drew.
awk 'function num(v) { return v ~ /^[0-9.eE+-]+$/ && v + 0 > 0 }
    num($2) && num($3) && num($4) && num($5) {
        n++; a += log($2 / $4); b += log($3 / $5)
        if ($2 / $4 > wm) { wm = $2 / $4; wmn = $1 } if ($3 / $5 > we) { we = $3 / $5; wen = $1 }
    }
    num($2) && num($3) && num($6) && num($7) { m++; c += log($2 / $6); d += log($3 / $7) }
    END {
        if (n) printf "ThorVG: geometric mean over %d files %.2f× / %.2f× (medians / means); worst %s %.2f× by medians, %s %.2f× by means\n",
            n, exp(a / n), exp(b / n), wmn, wm, wen, we
        if (m) printf "rlottie: geometric mean over %d files %.2f× / %.2f× (medians / means)\n", m, exp(c / m), exp(d / m)
    }' "$work/all"
