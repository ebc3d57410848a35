/* SPDX-License-Identifier: ISC */
/*
 * flame.c: what fg-color's frame tree (cmd/fg-color/tree.c) and fg-svg's
 * one-pass layout (cmd/fg-svg/flow.c) share in reading sorted stacks: how
 * many frames a stack shares with the one before it, and where its own
 * frames start.
 */
#include <string.h>

#include "fg.h"
#include "flame.h"

/*
 * Frames shared with the previous stack are found by one byte comparison:
 * frame d is the same when it ends (in the previous stack) inside the
 * common prefix, or right at its end where this stack also ends or has a
 * ';'.
 */
size_t
fg_path_shared(const char *stack, size_t len, const char *prev,
    size_t prevlen, const size_t *pathend, size_t pathlen)
{
	size_t m, d = 1;

	if (len == 0)
		return 1;	/* no frames, though an empty first frame ends at 0 */
	m = fg_commonlen(stack, prev, len < prevlen ? len : prevlen);
	while (d < pathlen && (pathend[d] < m || (pathend[d] == m &&
	    (m == len || stack[m] == ';'))))
		d++;
	return d;
}

size_t
fg_path_rest(size_t d, const size_t *pathend, size_t len)
{
	if (d <= 1)
		return 0;
	return pathend[d - 1] >= len ? len : pathend[d - 1] + 1;
}
