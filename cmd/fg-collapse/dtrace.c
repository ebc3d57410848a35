/* SPDX-License-Identifier: ISC */
/*
 * dtrace.c: DTrace aggregations of stacks, as printed by
 *   dtrace -n 'profile-997 { @[stack()] = count(); }'   (or ustack(), both)
 * A header (up to the first blank line) is skipped; then each stack is
 * frame lines, leaf first, ending with a line holding only its count.
 * Frames are cleaned as stackcollapse.pl and inferno-collapse-dtrace
 * clean them: "+0x.." offsets dropped (kept but on the leaf with
 * --includeoffset), C++ argument lists dropped after a "::", "a->b"
 * inline chains split into frames marked "_[i]", Java's leading "L" and
 * ';' fixed, partly demangled Rust names made readable, an empty frame
 * shown as "-" (dtrace-stack.c). This file reads the lines.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"
#include "dtrace.h"

static int
alldigits(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct fg_buf fr = { 0 }, t = { 0 }, st = { 0 }, sc = { 0 };
	size_t *off = NULL, noff = 0, offcap = 0, len, n;
	const char *s;
	char *line;
	fg_count c;
	int hdr = 1;

	while ((line = fg_in_line(in, &len)) != NULL) {
		n = len;
		s = fg_trim(line, &n);
		if (hdr) {
			if (n == 0)
				hdr = 0;
			continue;
		}
		if (n == 0)
			continue;
		if (!alldigits(s, n)) {
			if (noff == offcap) {
				offcap = offcap ? offcap * 2 : 64;
				off = fg_reallocarray(off, offcap,
				    sizeof(*off));
			}
			off[noff++] = fr.len;
			dtrace_frame(s, n, o->includeoffset, &fr, &t, &sc);
			continue;
		}
		if (fg_count_parse(s, n, &c) != FG_NUM_OK) {
			fg_in_warn(in, "count out of range: %.*s; stack "
			    "skipped", (int)(n > 40 ? 40 : n), s);
			noff = fr.len = 0;
			continue;
		}
		dtrace_stack(&st, &fr, off, noff, o->includeoffset);
		if (noff == 0)
			fg_in_warn(in, "count without a stack; skipped");
		else
			collapse_add(tab, st.p, st.len, c, in);
		noff = fr.len = 0;
	}
	if (hdr)
		fg_in_warn(in, "input ended while skipping the header (no "
		    "blank line)");
	else if (noff > 0)
		fg_in_warn(in, "input ends in the middle of a stack; its %zu "
		    "frames are skipped", noff);
	free(off);
	free(fr.p);
	free(t.p);
	free(st.p);
	free(sc.p);
}

static int
ishexaddr(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
	return 1;
}

/*
 * After the first blank line: frame lines (with a '`' or a hex address)
 * then a count line. Anything else first means another format.
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n, *nl, *s;
	size_t len;
	int blank = 0, frames = 0;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL)
			break;		/* a partial line decides nothing */
		len = (size_t)(nl - p);
		s = fg_trim(p, &len);
		p = nl + 1;
		if (len == 0) {
			blank = 1;
			continue;
		}
		if (!blank)
			continue;
		if (alldigits(s, len))
			return frames > 0 ? PROBE_YES : probe_why(why, 30,
			    "a count without stack frames above it");
		if (memchr(s, '`', len) != NULL || ishexaddr(s, len))
			frames++;
		else
			return 0;
	}
	return 0;
}

const struct cfmt fmt_dtrace = {
	"dtrace", "DTrace aggregated stack()/ustack() counts", probe, run, 0
};
