#!/bin/sh
# SPDX-License-Identifier: ISC
# wait.sh: waits for a Slurm job (submit.sh's last one) to end and tells how.
#
#   wait.sh [-t seconds] JOBID
#
# Polls scontrol every 2 seconds until the job is in a final state, then
# prints "JOBID STATE" (COMPLETED, FAILED, CANCELLED, TIMEOUT, ...). Exit
# status: 0 when it COMPLETED, 2 when it ended otherwise (a chain of
# submit.sh whose map failed ends CANCELLED: see OUT/log/), when Slurm no
# longer knows it (it keeps ended jobs MinJobAge seconds, 300 by default)
# or when -t seconds passed first (default: no limit).
set -u
limit=
while getopts t: o; do
	case $o in
	t) limit=$OPTARG ;;
	*) echo "usage: wait.sh [-t seconds] jobid" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: wait.sh [-t seconds] jobid" >&2; exit 2; }
case $1 in ''|*[!0-9_]*) echo "wait.sh: bad job id: $1" >&2; exit 2 ;; esac
case $limit in *[!0-9]*) echo "wait.sh: bad seconds: $limit" >&2; exit 2 ;; esac
id=$1
start=$(date +%s)
while :; do
	# one line a job (an array: a line a task); every one must be final
	states=$(scontrol -o show job "$id" 2>/dev/null |
	    sed -n 's/.* JobState=\([A-Z_]*\).*/\1/p' | sort -u)
	if [ -z "$states" ]; then
		echo "wait.sh: job $id: unknown to Slurm" >&2
		exit 2
	fi
	case $states in
	*PENDING*|*RUNNING*|*CONFIGURING*|*COMPLETING*|*SUSPENDED*|*REQUEUE*|\
	*RESIZING*|*SIGNALING*|*STAGE_OUT*|*STOPPED*|*RESV_DEL_HOLD*)
		;;
	*)
		echo "$id" $states
		[ "$states" = COMPLETED ] && exit 0
		exit 2
		;;
	esac
	if [ -n "$limit" ] && [ $(($(date +%s) - start)) -ge "$limit" ]; then
		echo "wait.sh: job $id: not ended after $limit s:" $states >&2
		exit 2
	fi
	sleep 2
done
