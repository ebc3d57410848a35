# SPDX-License-Identifier: ISC
# Sourced by the cases in tests/cases/fleet: an OpenSSH server of its own on
# 127.0.0.1, on a free port, as the current user, with host and client keys
# made here, and an ssh client configuration naming it by two host aliases,
# fleet-a and fleet-b. The sessions' HOME is the scratch directory: the
# user's shell start-up files (a login shell's rc that starts a version
# manager, say) are not run for each session. Sets $w (the scratch directory, short, absolute) and
# PARALLEL_SSH; the server is stopped when the shell exits. Exits 77 with
# the reason when sshd, ssh or GNU parallel is missing or will not start.
skip() {
	echo "$*" >&2
	exit 77
}
sshd=$(command -v sshd || echo /usr/sbin/sshd)
[ -x "$sshd" ] || skip "sshd not installed (apt-get install openssh-server)"
command -v ssh >/dev/null || skip "ssh not installed (apt-get install openssh-client)"
command -v ssh-keygen >/dev/null || skip "ssh-keygen not installed"
command -v parallel >/dev/null || skip "GNU parallel not installed (apt-get install parallel)"
parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
    skip "parallel is not GNU parallel (apt-get install parallel)"
# sshd started by root checks its privilege separation directory
if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
	mkdir -p /run/sshd 2>/dev/null || skip "cannot create /run/sshd for sshd"
fi
w=$(mktemp -d "${TMPDIR:-/tmp}/ssh.XXXXXX") || exit 2
w=$(cd "$w" && pwd)
ssh-keygen -q -t ed25519 -N '' -C fg-test-host -f "$w/host_key" || exit 2
ssh-keygen -q -t ed25519 -N '' -C fg-test-user -f "$w/user_key" || exit 2
cp "$w/user_key.pub" "$w/authorized_keys"
user=$(id -un)

# A port the kernel says is free now; sshd fails to start if one was
# taken in between, and the next try takes another. Asked of perl, which
# GNU parallel needs anyway (a python3 may be a version manager's shim
# that costs more processor time than the case).
freeport() {
	perl -MSocket -e 'socket(S, PF_INET, SOCK_STREAM, 0) &&
	    bind(S, sockaddr_in(0, INADDR_LOOPBACK)) || exit 1;
	    print((sockaddr_in(getsockname(S)))[0], "\n")' 2>/dev/null ||
	    echo $((20000 + $$ % 20000 + ${1:-0}))
}
sshpid=
trap 'if [ -n "$sshpid" ]; then kill "$sshpid" 2>/dev/null; fi' EXIT
for try in 1 2 3 4 5; do
	port=$(freeport "$try")
	cat >"$w/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $w/host_key
AuthorizedKeysFile $w/authorized_keys
PidFile $w/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
AllowUsers $user
MaxStartups 100
MaxSessions 100
SetEnv HOME=$w
EOF
	"$sshd" -D -e -f "$w/sshd_config" 2>"$w/sshd.log" &
	sshpid=$!
	cat >"$w/ssh_config" <<EOF
Host fleet-a fleet-b
	HostName 127.0.0.1
	Port $port
	User $user
	IdentityFile $w/user_key
	IdentitiesOnly yes
	StrictHostKeyChecking no
	UserKnownHostsFile /dev/null
	BatchMode yes
	LogLevel ERROR
EOF
	# up to 10 s for the server to answer
	n=0
	while [ $n -lt 50 ] && kill -0 "$sshpid" 2>/dev/null; do
		ssh -F "$w/ssh_config" fleet-a true 2>/dev/null && break
		sleep 0.2
		n=$((n + 1))
	done
	if ssh -F "$w/ssh_config" fleet-a true 2>"$w/ssh.err"; then
		break
	fi
	kill "$sshpid" 2>/dev/null
	wait "$sshpid" 2>/dev/null
	sshpid=
done
[ -n "$sshpid" ] || skip "sshd would not start or let us in: $(tail -1 "$w/sshd.log") $(tail -1 "$w/ssh.err")"
PARALLEL_SSH="ssh -F $w/ssh_config"
export PARALLEL_SSH
