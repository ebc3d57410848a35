# SPDX-License-Identifier: ISC
# Sourced by the fault/ulimit-* cases: skips them under the sanitizers
# (they reserve terabytes of address space: ulimit -v cannot apply), leaves
# the shell in $TMPDIR with "big", one 24 MB line, there.
if [ -n "${FG_SANITIZED:-}" ]; then
	echo "the sanitizers reserve terabytes of address space: ulimit -v cannot apply" >&2
	exit 77
fi
cd "$TMPDIR" || exit 2
{ head -c 24000000 /dev/zero | tr '\0' a; echo ' 1 1'; } >big
