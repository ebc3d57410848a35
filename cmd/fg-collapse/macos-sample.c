/* SPDX-License-Identifier: ISC */
/*
 * macos-sample.c: macOS sample(1) reports.
 *
 *	Call graph:
 *	    825 Thread_1
 *	    + 825 thread_start  (in libsystem_pthread.dylib) + 13  [0x7fff01]
 *	    +   825 main  (in myapp) + 66  [0x100002]
 *	    +     800 parse  (in myapp) + 20  [0x100003]
 *	Total number in stack (recursive counted multiple times):
 * becomes
 *	Thread_1;libsystem_pthread`thread_start;myapp`main 25
 *	Thread_1;libsystem_pthread`thread_start;myapp`main;myapp`parse 800
 *
 * The "Call graph:" section is a tree, one frame a line, indented two
 * characters a level (from " +|:!"). Each line's count includes its
 * children's; what is left over is that frame's own (self) samples, and
 * becomes one stack (inferno-collapse-sample takes the leaves' counts,
 * which is the same for sample's trees, where every address is its own
 * line). Frames are "module`function" (".dylib" dropped; --no-modules
 * leaves modules out), Rust names made readable. Stacks whose last frame
 * is an idle wait (mach_msg_trap, __psynch_cvwait, __select, ...) are left
 * out, as inferno does. The section ends at "Total number in stack";
 * several reports may follow one another. The lines are read into the
 * path of the tree, one level per line (struct sample_tree), and each
 * frame's self samples counted as a stack when the tree leaves it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"

struct level {
	uint64_t count, kids;
	size_t plen;		/* path length with this frame */
	size_t fn, fnlen;	/* function name within the path */
};

struct sample_tree {
	struct level *lv;
	size_t depth, cap;	/* levels 1..depth in lv[0..depth-1] */
	char *path;
	size_t plen, pcap;
	char *tmp;
	size_t tcap;
};

/* Pops levels deeper than d, counting their self samples into tab. */
static void sample_popto(struct sample_tree *t, size_t d, struct fg_stab *tab,
    struct fg_in *in);
/*
 * Adds a frame one level below the path, with its count: its function
 * (s, fl bytes) and module (mod, ml bytes; NULL for none or with
 * --no-modules), as found on its line.
 */
static void sample_push(struct sample_tree *t, const char *s, size_t fl,
    const char *mod, size_t ml, uint64_t count);

static const char *const idle[] = {
	"__psynch_cvwait", "__select", "__semwait_signal", "__ulock_wait",
	"__wait4", "__workq_kernreturn", "kevent", "mach_msg_trap", "read",
	"semaphore_wait_trap", NULL
};

static int
isidle(const char *f, size_t n)
{
	int i;

	for (i = 0; idle[i] != NULL; i++)
		if (strlen(idle[i]) == n && memcmp(idle[i], f, n) == 0)
			return 1;
	return 0;
}

static void
sample_popto(struct sample_tree *t, size_t d, struct fg_stab *tab,
    struct fg_in *in)
{
	struct level *l;
	uint64_t self;

	while (t->depth > d) {
		l = &t->lv[t->depth - 1];
		self = l->count > l->kids ? l->count - l->kids : 0;
		if (self > 0 && !isidle(t->path + l->fn, l->fnlen))
			collapse_add_u64(tab, t->path, l->plen, self, in);
		t->depth--;
		if (t->depth > 0) {
			l = &t->lv[t->depth - 1];
			l->kids += t->lv[t->depth].count;
			if (l->kids < t->lv[t->depth].count)
				l->kids = UINT64_MAX;
		}
	}
	t->plen = t->depth > 0 ? t->lv[t->depth - 1].plen : 0;
}

static void pput(struct sample_tree *, const char *, size_t);

static void
psep(struct sample_tree *t)
{
	pput(t, "", 0);		/* room */
	t->path[t->plen++] = ';';
}

static void
pput(struct sample_tree *t, const char *s, size_t n)
{
	size_t i0 = t->plen, i;

	if (t->plen + n + 1 > t->pcap) {
		t->pcap = t->pcap ? t->pcap : 256;
		while (t->plen + n + 1 > t->pcap)
			t->pcap *= 2;
		t->path = fg_realloc(t->path, t->pcap);
	}
	memcpy(t->path + t->plen, s, n);
	t->plen += n;
	for (i = i0; i < t->plen; i++)
		if (t->path[i] == ';')
			t->path[i] = ':';
}

static void
sample_push(struct sample_tree *t, const char *s, size_t fl, const char *mod,
    size_t ml, uint64_t count)
{
	struct level *l;
	size_t k;

	if (t->depth == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->lv = fg_reallocarray(t->lv, t->cap, sizeof(*t->lv));
	}
	l = &t->lv[t->depth++];
	if (t->plen > 0)
		psep(t);
	if (mod != NULL && ml > 0) {
		pput(t, mod, ml);
		pput(t, "`", 1);
	}
	l->fn = t->plen;
	if (fl + 1 > t->tcap) {
		t->tcap = fl + 1;
		t->tmp = fg_realloc(t->tmp, t->tcap);
	}
	if ((k = rust_fixsym(s, fl, t->tmp)) != (size_t)-1)
		pput(t, t->tmp, k);
	else
		pput(t, s, fl);
	l->fnlen = t->plen - l->fn;
	l->plen = t->plen;
	l->count = count;
	l->kids = 0;
}

#define START "Call graph:"
#define END "Total number in stack"

static int
isindent(char c)
{
	return c == ' ' || c == '+' || c == '|' || c == ':' || c == '!';
}

static const char *
findstr(const char *s, size_t n, const char *pat)
{
	size_t k = strlen(pat);
	const char *last = NULL, *p = s;

	/* the last occurrence */
	while ((size_t)(s + n - p) >= k &&
	    (p = fg_memmem(p, (size_t)(s + n - p), pat, k)) != NULL) {
		last = p;
		p++;
	}
	return last;
}

/*
 * The parts of a call graph line's frame (s, n bytes: "func  (in module)
 * + off  [addr]", "func  [addr]" or "func"): the function's length *fl
 * from s, its module (*mod, *ml bytes; NULL when there is none).
 */
static void
frameparts(const char *s, size_t n, size_t *flp, const char **modp,
    size_t *mlp)
{
	const char *in, *mod = NULL, *cl, *br;
	size_t fl = n, ml = 0, i;
	int dep;

	if ((in = findstr(s, n, "(in ")) != NULL) {
		fl = (size_t)(in - s);
		mod = in + 4;
		cl = memchr(mod, ')', n - (size_t)(mod - s));
		ml = cl != NULL ? (size_t)(cl - mod) : 0;
		if (ml > 6 && memcmp(mod + ml - 6, ".dylib", 6) == 0)
			ml -= 6;
	} else if ((br = findstr(s, n, "  [")) != NULL)
		fl = (size_t)(br - s);
	while (fl > 0 && s[fl - 1] == ' ')
		fl--;
	/* a trailing " (.llvm.123)" or " (serial)" group goes */
	while (fl > 0 && s[fl - 1] == ')') {
		dep = 0;
		for (i = fl; i-- > 0;) {
			if (s[i] == ')')
				dep++;
			else if (s[i] == '(' && --dep == 0)
				break;
		}
		if (dep != 0 || i == 0 || s[i - 1] != ' ')
			break;
		fl = i - 1;
		while (fl > 0 && s[fl - 1] == ' ')
			fl--;
	}
	*flp = fl;
	*modp = mod;
	*mlp = ml;
}

/*
 * One line of the call graph after its 4-space margin: "  " per level,
 * a count, a frame. Lines that break the tree are skipped with their
 * callees (*skip: the depth below which lines are skipped, or 0).
 */
static void
graph_line(struct sample_tree *t, const char *line, size_t len,
    size_t *skip, struct fg_stab *tab, struct fg_in *in, int nomod)
{
	const char *mod;
	size_t i, j, d, fl, ml;
	uint64_t count = 0;

	for (i = 4; i < len && isindent(line[i]); i++)
		;
	if (i == len) {
		fg_in_warn(in, "call graph line with only "
		    "indentation; skipped");
		return;
	}
	d = (i - 4) / 2 + 1;
	if (*skip > 0) {
		if (d > *skip)
			return;	/* under a skipped line */
		*skip = 0;
	}
	if ((i - 4) % 2 != 0) {
		fg_in_warn(in, "odd indentation; line and its "
		    "callees skipped");
		*skip = d + 1;	/* half a level deeper than d */
		return;
	}
	if (d > t->depth + 1) {
		fg_in_warn(in, "indentation skips a level; line and "
		    "its callees skipped");
		*skip = d;
		return;
	}
	for (j = i; j < len && line[j] >= '0' && line[j] <= '9'; j++) {
		if (count > (UINT64_MAX - 9) / 10)
			break;
		count = count * 10 + (uint64_t)(line[j] - '0');
	}
	if (j == i || j >= len || line[j] != ' ') {
		fg_in_warn(in, "bad sample count; line and "
		    "its callees skipped");
		*skip = d;
		return;
	}
	frameparts(line + j + 1, len - j - 1, &fl, &mod, &ml);
	sample_popto(t, d - 1, tab, in);
	sample_push(t, line + j + 1, fl, nomod ? NULL : mod, ml, count);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct sample_tree t;
	char *line;
	size_t len, skip = 0;
	int ingraph = 0, seen = 0;

	memset(&t, 0, sizeof(t));
	while ((line = fg_in_line(in, &len)) != NULL) {
		if (!ingraph) {
			if (len >= sizeof(START) - 1 &&
			    memcmp(line, START, sizeof(START) - 1) == 0)
				ingraph = seen = 1;
			continue;
		}
		while (len > 0 && (line[len - 1] == ' ' ||
		    line[len - 1] == '\t'))
			len--;
		if (len == 0)
			continue;
		if (len >= 4 && memcmp(line, "    ", 4) == 0) {
			graph_line(&t, line, len, &skip, tab, in,
			    o->no_modules);
			continue;
		}
		sample_popto(&t, 0, tab, in);
		skip = 0;
		if (len >= sizeof(END) - 1 &&
		    memcmp(line, END, sizeof(END) - 1) == 0)
			ingraph = 0;
		else
			fg_in_warn(in, "call graph line without the "
			    "4-space margin; skipped");
	}
	if (ingraph) {
		fg_in_warn(in, "input ends inside the call graph");
		sample_popto(&t, 0, tab, in);
	} else if (!seen)
		fg_in_warn(in, "no \"" START "\" section found");
	if (seen)
		collapse_unit(o, "samples", 7);	/* the graph's counts */
	free(t.lv);
	free(t.path);
	free(t.tmp);
}

static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n, *nl;
	size_t len, i;
	int start = 0;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		len = nl != NULL ? (size_t)(nl - p) : (size_t)(e - p);
		if (start && len > 0) {
			for (i = 0; i < len && p[i] == ' '; i++)
				;
			return i >= 4 && i < len && p[i] >= '0' &&
			    p[i] <= '9' ? PROBE_YES : probe_why(why, 50,
			    "no call graph line after \"%s\"", START);
		}
		if (len >= sizeof(START) - 1 &&
		    memcmp(p, START, sizeof(START) - 1) == 0)
			start = 1;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
}

const struct cfmt fmt_sample = {
	"sample", "macOS sample(1) call graphs", probe, run, CFMT_ROOT_FIRST
};
