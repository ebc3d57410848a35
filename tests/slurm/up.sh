#!/bin/sh
# SPDX-License-Identifier: ISC
# up.sh: a one-node Slurm cluster on this machine, for the real Slurm
# cases (tests/cases/fleet/slurm-real*), from nothing.
#
#   tests/slurm/up.sh [-i] [-d]
#
# As root: munged with a key made here, slurmctld and slurmd started by
# hand (no systemd) with their configuration, state, spool, logs and
# munge socket in FG_SLURM_DIR (default /tmp/fg-slurm): slurm.conf with
# the node line slurmd -C prints, proctrack/linuxproc, task/none,
# select/cons_tres counting cores and memory, the node at 127.0.0.1, both
# daemons listening there only when the host name resolves to a loopback
# address (ports 16817 and 16818, not Slurm's defaults). Jobs run as
# their submitter, root or not. Idempotent: what
# runs already is left alone, what is missing is started; each daemon is
# waited for by polling, up to 60 s. -i first installs Debian's slurmctld,
# slurmd, slurm-client and munge (no recommends) when missing; -d stops
# the daemons. Clients reach the cluster with
# SLURM_CONF=$FG_SLURM_DIR/slurm.conf. Exit status: 0 when the node is up
# (idle, mixed or allocated), 1 when it did not come up (the logs are
# named), 2 on a usage error or when not root.
set -u
dir=${FG_SLURM_DIR:-/tmp/fg-slurm}
install= down=
while getopts di o; do
	case $o in
	d) down=1 ;;
	i) install=1 ;;
	*) echo "usage: up.sh [-i] [-d]" >&2; exit 2 ;;
	esac
done
[ "$(id -u)" = 0 ] || { echo "up.sh: run as root" >&2; exit 2; }
export SLURM_CONF=$dir/slurm.conf
sock=$dir/munge/munge.socket

# running PID_FILE: the daemon of that pid file runs
running() {
	[ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

if [ -n "$down" ]; then
	for p in slurmd slurmctld munge/munged; do
		running "$dir/$p.pid" && kill "$(cat "$dir/$p.pid")"
	done
	exit 0
fi

if [ -n "$install" ]; then
	need=
	for p in slurmctld slurmd slurm-client munge; do
		dpkg -s $p >/dev/null 2>&1 || need="$need $p"
	done
	if [ -n "$need" ]; then
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq && apt-get install -y -qq \
		    --no-install-recommends $need >/dev/null || exit 1
	fi
fi
for t in munged munge slurmctld slurmd sbatch scontrol sinfo; do
	command -v $t >/dev/null || PATH=$PATH:/usr/sbin
	command -v $t >/dev/null || {
		echo "up.sh: $t not installed (apt-get install slurmctld" \
		    "slurmd slurm-client munge)" >&2
		exit 1
	}
done

# poll WHAT COMMAND...: runs COMMAND every 0.5 s until it succeeds, up to
# 60 s; fails naming WHAT
poll() {
	what=$1
	shift
	n=0
	until "$@" >/dev/null 2>&1; do
		n=$((n + 1))
		if [ $n -ge 120 ]; then
			echo "up.sh: $what did not come up in 60 s" >&2
			return 1
		fi
		sleep 0.5
	done
}

mkdir -p "$dir/munge" "$dir/state" "$dir/spool" || exit 1
chmod 755 "$dir" "$dir/munge"

# munge: a key of our own, a socket of our own
if ! running "$dir/munge/munged.pid"; then
	if [ ! -s "$dir/munge/munge.key" ]; then
		umask 077
		dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 \
		    2>/dev/null || exit 1
		umask 022
	fi
	chmod 400 "$dir/munge/munge.key"
	rm -f "$sock" "$sock.lock"
	munged --force --socket="$sock" --key-file="$dir/munge/munge.key" \
	    --pid-file="$dir/munge/munged.pid" \
	    --log-file="$dir/munge/munged.log" \
	    --seed-file="$dir/munge/munged.seed" || {
		echo "up.sh: munged would not start: see $dir/munge/munged.log" >&2
		exit 1
	}
fi
munge_ok() {
	munge -S "$sock" -n | unmunge -S "$sock"
}
poll munged munge_ok || exit 1

# the node as slurmd sees it: NodeName=... CPUs=... RealMemory=...
node=$(slurmd -C | sed -n 's/^\(NodeName=.*\)/\1/p')
name=$(printf '%s\n' "$node" | sed 's/^NodeName=\([^ ]*\).*/\1/')
[ -n "$name" ] || { echo "up.sh: slurmd -C gave no node line" >&2; exit 1; }
# NoInAddrAny binds the daemons to what the host name resolves to: only
# when that is a loopback address (else they would not reach each other
# on 127.0.0.1), and then they listen on loopback only
comm=
case $(getent ahostsv4 "$(hostname)" | awk 'NR == 1 { print $1 }') in
127.*) comm=CommunicationParameters=NoInAddrAny,NoCtldInAddrAny ;;
*) echo "up.sh: $(hostname) is not a loopback address: the daemons" \
    "listen on every address (ports 16817, 16818)" >&2 ;;
esac
cat >"$dir/slurm.conf.new" <<CONF
# written by tests/slurm/up.sh: a one-node test cluster on 127.0.0.1
ClusterName=fgtest
SlurmctldHost=$name(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
$comm
MailProg=/bin/true
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
MaxArraySize=10001
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=fg Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
if ! cmp -s "$dir/slurm.conf.new" "$dir/slurm.conf"; then
	mv "$dir/slurm.conf.new" "$dir/slurm.conf"
	changed=1
else
	rm -f "$dir/slurm.conf.new"
	changed=
fi
if [ -n "$changed" ]; then
	for p in slurmd slurmctld; do
		if running "$dir/$p.pid"; then
			pid=$(cat "$dir/$p.pid")
			kill "$pid"
			poll "$p to stop" sh -c "! kill -0 $pid" || exit 1
		fi
	done
fi
if ! running "$dir/slurmctld.pid"; then
	slurmctld -f "$SLURM_CONF" || {
		echo "up.sh: slurmctld would not start: see $dir/slurmctld.log" >&2
		exit 1
	}
fi
ctld_ok() {
	scontrol ping | grep -q 'is UP'
}
poll slurmctld ctld_ok || { echo "up.sh: see $dir/slurmctld.log" >&2; exit 1; }
if ! running "$dir/slurmd.pid"; then
	slurmd -f "$SLURM_CONF" || {
		echo "up.sh: slurmd would not start: see $dir/slurmd.log" >&2
		exit 1
	}
fi
node_ok() {
	sinfo -h -n "$name" -o %T | grep -Eq '^(idle|mixed|allocated)'
}
poll "node $name" node_ok || {
	echo "up.sh: node $name: $(sinfo -h -n "$name" -o '%T %E')" \
	    "(see $dir/slurmd.log)" >&2
	exit 1
}
echo "up.sh: node $name up, SLURM_CONF=$SLURM_CONF"
