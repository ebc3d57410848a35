/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer target for fg-collapse: the input is written to a file and
 * read as fg-collapse reads a file (gzip recognised, then detection): every
 * format's probe sees its head, and one parser reads it whole: the one
 * fg-collapse would choose (the first probe that says yes), or else the
 * one whose probe came closest, as -f would make it (the input the others
 * refuse is that format's hostile input). The list is fg-collapse's own
 * (collapse_fmts), so new formats are fuzzed without changing this.
 *
 * Each stack a parser adds must read back through the folded parser as
 * itself (fg-folded(5)): no newline, no empty stack, nothing that a tool
 * downstream would read otherwise; else the target aborts. The stacks then
 * go through the stack transforms (--no-root, --root, --collapse-recursive).
 *
 * Nothing is lost in silence: the transforms keep the sum of the counts
 * (a stack left empty is named, not dropped), and folded input adds up:
 * the counts at the ends of its data lines (fg-folded(5)) sum to what the
 * table holds when no line was reported, and to no less otherwise; else
 * the target aborts.
 *
 * Fatal errors (exit status 2: corrupt input, --max-output, overflow) are
 * expected answers to hostile input: fg_fatal_hook longjmps back here
 * instead of exiting. The link wraps malloc, calloc, realloc,
 * posix_memalign and free (ld --wrap, see the Makefile): while an input is
 * read, every block the code allocates is kept in a table, so that what a
 * fatal error left allocated is freed here, and a block still allocated
 * at the end of an input read without one is a leak (the target aborts,
 * naming the format). LeakSanitizer is off meanwhile. Messages go to
 * /dev/null; sanitizer reports still reach standard error. Big blocks are
 * reused rather than mapped afresh for each input (see BIG_MIN).
 * Build and run: make fuzz; build-fuzz/fuzz-collapse tests/fuzz/corpus/collapse
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collapse.h"

#if defined(__has_include)
#if __has_include(<sanitizer/lsan_interface.h>)
#include <sanitizer/allocator_interface.h>
#include <sanitizer/asan_interface.h>
#include <sanitizer/lsan_interface.h>
#define HAVE_LSAN 1
#endif
#endif
#ifndef HAVE_LSAN
#define __lsan_disable()
#define __lsan_enable()
#endif

int LLVMFuzzerTestOneInput(const unsigned char *, size_t);
int LLVMFuzzerInitialize(int *, char ***);
const char *__asan_default_options(void);
void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
int __real_posix_memalign(void **, size_t, size_t);
void __real_free(void *);
void *__wrap_malloc(size_t);
void *__wrap_calloc(size_t, size_t);
void *__wrap_realloc(void *, size_t);
int __wrap_posix_memalign(void **, size_t, size_t);
void __wrap_free(void *);

/*
 * The blocks allocated while a parser runs (tracking set) and not freed
 * yet: an open-addressing table of pointers (linear probing, deletion by
 * backward shift), grown at half full, locked (the gzip input decompresses
 * on a thread of its own).
 */
static pthread_mutex_t blk_lock = PTHREAD_MUTEX_INITIALIZER;
static int tracking;
static void **blk;
static size_t blk_cap, blk_n;

static size_t
blk_slot(const void *p)
{
	uintptr_t h = (uintptr_t)p;

	h ^= h >> 17;
	h *= (uintptr_t)0x9e3779b97f4a7c15u;
	return (size_t)(h ^ (h >> 29)) & (blk_cap - 1);
}

static void
blk_put(void *p)
{
	void **old = blk;
	size_t i, ocap = blk_cap;

	if (2 * (blk_n + 1) > blk_cap) {
		blk_cap = blk_cap == 0 ? 1024 : 2 * blk_cap;
		if ((blk = __real_calloc(blk_cap, sizeof(*blk))) == NULL)
			abort();
		blk_n = 0;
		for (i = 0; i < ocap; i++)
			if (old[i] != NULL)
				blk_put(old[i]);
		__real_free(old);
	}
	for (i = blk_slot(p); blk[i] != NULL; i = (i + 1) & (blk_cap - 1))
		if (blk[i] == p)
			abort();	/* allocated twice */
	blk[i] = p;
	blk_n++;
}

static void
blk_del(void *p)
{
	size_t i, j, k;

	if (blk_n == 0)
		return;
	for (i = blk_slot(p); blk[i] != p; i = (i + 1) & (blk_cap - 1))
		if (blk[i] == NULL)
			return;	/* allocated before the parser ran */
	blk[i] = NULL;
	blk_n--;
	for (j = (i + 1) & (blk_cap - 1); blk[j] != NULL;
	    j = (j + 1) & (blk_cap - 1)) {
		k = blk_slot(blk[j]);
		/* move blk[j] to the hole at i unless its home is in (i, j] */
		if (i <= j ? (k <= i || k > j) : (k <= i && k > j)) {
			blk[i] = blk[j];
			blk[j] = NULL;
			i = j;
		}
	}
}

/*
 * Blocks of more than BIG_MIN bytes are past the sanitizer's size
 * classes: each is mapped and unmapped again, a page fault per page
 * touched, and a parser or the gzip input takes some (a 512 KiB table, a
 * 1 MiB window) for every input. Those are reused here instead: a freed
 * one is poisoned (any access is reported, as use-after-poison) and kept,
 * up to NSPARE of them, for the next request it holds; the bytes past a
 * request stay poisoned. live[] holds the big blocks in use, with the
 * size asked (len) and the size allocated (cap). Locked by blk_lock.
 */
#define BIG_MIN ((size_t)128 << 10)
#define NLIVE 64
#define NSPARE 8
struct big {
	char *p;
	size_t len, cap;
};
static struct big live[NLIVE], spare[NSPARE];
static size_t nlive, nspare;

static struct big *
big_find(const void *p)
{
	size_t i;

	for (i = 0; i < nlive; i++)
		if (live[i].p == p)
			return &live[i];
	return NULL;
}

static void *
big_get(size_t n)
{
	struct big b;
	size_t i, best = NSPARE;

	for (i = 0; i < nspare; i++)
		if (spare[i].cap >= n &&
		    (best == NSPARE || spare[i].cap < spare[best].cap))
			best = i;
	if (best < NSPARE) {
		b = spare[best];
		spare[best] = spare[--nspare];
		ASAN_UNPOISON_MEMORY_REGION(b.p, n);
	} else if ((b.p = __real_malloc(n)) == NULL)
		return NULL;
	else
		b.cap = n;
	b.len = n;
	if (nlive < NLIVE)
		live[nlive++] = b;
	return b.p;
}

static void
big_put(struct big *b)
{
	ASAN_POISON_MEMORY_REGION(b->p, b->cap);
	if (nspare == NSPARE) {
		ASAN_UNPOISON_MEMORY_REGION(spare[0].p, spare[0].cap);
		__real_free(spare[0].p);
		spare[0] = spare[--nspare];
	}
	spare[nspare++] = *b;
	*b = live[--nlive];
}

/* free(p), the lock held */
static void
release(void *p)
{
	struct big *b;

	if (p == NULL)
		return;
	if (tracking)
		blk_del(p);
	if ((b = big_find(p)) != NULL)
		big_put(b);
	else
		__real_free(p);
}

/* A new block of n bytes, the lock held. */
static void *
take(size_t n)
{
	void *p = n > BIG_MIN ? big_get(n) : __real_malloc(n);

	if (p != NULL && tracking)
		blk_put(p);
	return p;
}

void *
__wrap_malloc(size_t n)
{
	void *p;

	pthread_mutex_lock(&blk_lock);
	p = take(n);
	pthread_mutex_unlock(&blk_lock);
	return p;
}

void *
__wrap_calloc(size_t n, size_t sz)
{
	void *p;

	if (sz != 0 && n > SIZE_MAX / sz)
		return NULL;
	if (n * sz <= BIG_MIN)
		p = __real_calloc(n, sz);
	pthread_mutex_lock(&blk_lock);
	if (n * sz > BIG_MIN) {
		if ((p = take(n * sz)) != NULL)
			memset(p, 0, n * sz);
	} else if (p != NULL && tracking)
		blk_put(p);
	pthread_mutex_unlock(&blk_lock);
	return p;
}

void *
__wrap_realloc(void *old, size_t n)
{
	struct big *b;
	size_t len;
	void *p;

	if (old == NULL)
		return __wrap_malloc(n);
	if (n == 0)
		n = 1;
	pthread_mutex_lock(&blk_lock);
	if ((b = big_find(old)) != NULL && n <= b->cap) {
		/* in place: the bytes past n poisoned */
		if (n > b->len)
			ASAN_UNPOISON_MEMORY_REGION(b->p + b->len, n - b->len);
		else
			ASAN_POISON_MEMORY_REGION(b->p + n, b->len - n);
		b->len = n;
		p = old;
	} else if (b != NULL || n > BIG_MIN) {
		len = b != NULL ? b->len : __sanitizer_get_allocated_size(old);
		if ((p = take(n)) != NULL) {
			memcpy(p, old, len < n ? len : n);
			release(old);
		}
	} else if ((p = __real_realloc(old, n)) != NULL && tracking) {
		blk_del(old);
		blk_put(p);
	}
	pthread_mutex_unlock(&blk_lock);
	return p;
}

int
__wrap_posix_memalign(void **pp, size_t align, size_t n)
{
	int e = __real_posix_memalign(pp, align, n);

	pthread_mutex_lock(&blk_lock);
	if (e == 0 && tracking)
		blk_put(*pp);
	pthread_mutex_unlock(&blk_lock);
	return e;
}

void
__wrap_free(void *p)
{
	pthread_mutex_lock(&blk_lock);
	release(p);
	pthread_mutex_unlock(&blk_lock);
}

/* Starts keeping the blocks allocated (on), or frees those kept (off). */
static void
blocks(int on)
{
	size_t i;
	void *p;

	pthread_mutex_lock(&blk_lock);
	tracking = on;
	if (!on) {
		for (i = 0; i < blk_cap && blk_n > 0; i++)
			if (blk[i] != NULL) {
				p = blk[i];
				blk[i] = NULL;
				blk_n--;
				release(p);
			}
	}
	pthread_mutex_unlock(&blk_lock);
}

/*
 * A quarantine of 16 MiB instead of 256: a block freed is still not reused
 * for the next several inputs, and the pages stay mapped and warm instead
 * of the heap growing to 256 MiB of fresh pages, one fault each.
 */
const char *
__asan_default_options(void)
{
	return "quarantine_size_mb=16";
}

static jmp_buf fatal;
static char path[64];
static const char *indata;	/* the input, for the sums (one, folded) */
static size_t insize;
static FILE *devnull, *realerr;

static void
cleanup(void)
{
	unlink(path);
}

static void
onfatal(int code)
{
	longjmp(fatal, code == 0 ? 256 : code);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(path, sizeof(path), "/tmp/fuzz-collapse.%ld", (long)getpid());
	atexit(cleanup);
	if ((devnull = fopen("/dev/null", "w")) == NULL)
		abort();
	realerr = stderr;
	fg_fatal_hook = onfatal;
	fg_progname = "fuzz-collapse";
	return 0;
}

/*
 * The stack, written as every tool writes it (fg_out_stack), must read
 * back as itself from a folded line: never as metadata (a comment or a
 * header), exactly its bytes (blanks at its end too), its count; and
 * where its line would read as differential without a header, fg-collapse
 * must know to write one (fg_stack_numtail).
 */
static void
check(const char *key, size_t len, fg_count c)
{
	char *line = fg_malloc(len + 42), num[40];
	size_t n = fg_count_fmt(num, c), w;
	struct fg_rec r;

	if (len == 0 || memchr(key, '\n', len) != NULL)
		abort();
	w = fg_stack_fix(key, len, line);
	line[w] = ' ';
	memcpy(line + w + 1, num, n);
	if (fg_is_meta(line, w + 1 + n) ||
	    fg_parse_rec(line, w + 1 + n, FG_KIND_PROFILE, &r) != NULL ||
	    r.len != w || fg_count_cmp(r.c[0], c) != 0)
		abort();
	if (fg_parse_rec(line, w + 1 + n, FG_KIND_UNKNOWN, &r) == NULL &&
	    r.ncols == 2 && !fg_stack_numtail(line, w))
		abort();
	free(line);
}

/* The sum of the counts of t's stacks into *sum; -1 on overflow. */
static int
tabsum(struct fg_stab *t, fg_count *sum)
{
	struct fg_ent *e;

	sum->i = 0;
	sum->f = 0;
	for (e = fg_stab_first(t); e != NULL; e = e->next)
		if (fg_count_add(sum, e->c[0]) < 0)
			return -1;
	return 0;
}

/*
 * Folded input: the counts at the ends of its data lines (split at LF,
 * CRLF or a lone CR; metadata, fg-folded(5), left out) against the
 * table's sum: equal when no line was reported (nbad), no less otherwise.
 * Gzip input is not looked into.
 */
static void
foldedsums(const char *s, size_t size, struct fg_stab *t, uint64_t nbad)
{
	size_t p = 0, e, skip, n, b;
	fg_count c, in = { 0, 0 }, out;
	int cmp;

	if ((size >= 2 && (unsigned char)s[0] == 0x1f &&
	    (unsigned char)s[1] == 0x8b) || tabsum(t, &out) < 0)
		return;
	while (p < size) {
		for (e = p; e < size && s[e] != '\n' && s[e] != '\r'; e++)
			;
		skip = e < size ? (s[e] == '\r' && e + 1 < size &&
		    s[e + 1] == '\n' ? 2 : 1) : 0;
		n = e - p;
		if (!fg_is_meta(s + p, n)) {
			while (n > 0 && (s[p + n - 1] == ' ' ||
			    s[p + n - 1] == '\t'))
				n--;
			for (b = n; b > 0 && s[p + b - 1] != ' ' &&
			    s[p + b - 1] != '\t'; b--)
				;
			if (fg_count_parse(s + p + b, n - b, &c) == FG_NUM_OK &&
			    fg_count_add(&in, c) < 0)
				return;
		}
		p = e + skip;
	}
	cmp = fg_count_cmp(in, out);
	if (cmp < 0 || (nbad == 0 && cmp != 0))
		abort();	/* counts lost, or made up, in silence */
}

/*
 * Runs the probes over the head of the file and the parser chosen (see
 * the top) over the whole of it; the stacks it adds are checked, then
 * transformed. Every block allocated meanwhile is freed by the end, by
 * the code or (after a fatal error) here; one left over on the way
 * without a fatal error is a leak: the target aborts.
 */
static void
one(void)
{
	/* static: kept across the longjmp */
	static struct fg_in in;
	static struct fg_stab *t, *t2;
	static const struct cfmt *f;
	struct copts o;
	struct cprobe why;
	struct fg_ent **v, *e;
	const char *head;
	size_t n, i;
	int sc, top;
	fg_count s1, s2, s11;

	memset(&o, 0, sizeof(o));
	o.nothreads = 1;	/* a fatal error must not be on a thread */
	o.max_output = 4u << 20;
	t = t2 = NULL;
	f = NULL;
	memset(&in, 0, sizeof(in));
	stderr = devnull;
	__lsan_disable();
	blocks(1);
	if (setjmp(fatal) != 0) {
		fg_in_close(&in);
		blocks(0);	/* t, t2 and the parser's memory */
		stderr = realerr;
		__lsan_enable();
		return;
	}
	fg_in_open(&in, path);
	head = in_peek(&in, COLLAPSE_PROBE_BYTES, &n);
	if (n > COLLAPSE_PROBE_BYTES)
		n = COLLAPSE_PROBE_BYTES;
	/* the first that says yes, else the best reason (collapse_choose) */
	for (i = 0, top = 0; collapse_fmts[i] != NULL && n > 0; i++) {
		memset(&why, 0, sizeof(why));
		sc = collapse_fmts[i]->probe(head, n, &why);
		if (memchr(why.why, '\0', sizeof(why.why)) == NULL)
			abort();	/* the reason must be a string */
		if (top < PROBE_YES && sc > top &&
		    (sc >= PROBE_YES || why.why[0] != '\0')) {
			top = sc;
			f = collapse_fmts[i];
		}
	}
	if (f != NULL) {
		t = fg_stab_new(1);
		f->run(&in, t, &o);
	}
	if (f == &fmt_folded)
		foldedsums(indata, insize, t, in.nbad);
	fg_in_close(&in);
	stderr = realerr;
	if (t != NULL) {
		v = fg_stab_sorted(t);
		for (i = 0; v[i] != NULL; i++)
			check(fg_ent_key(t, v[i]), v[i]->len, v[i]->c[0]);
		free(v);
		/* the transforms: --no-root --collapse-recursive, --root */
		t2 = fg_stab_new(1);
		memset(&o, 0, sizeof(o));
		o.noroot = 1;
		o.recursive = 1;
		transform_merge(t2, t, (f->flags & CFMT_ROOT_FIRST) != 0, &o,
		    path);
		o.noroot = 0;
		o.root = "root";
		transform_merge(t2, t, (f->flags & CFMT_ROOT_FIRST) != 0, &o,
		    path);
		for (e = fg_stab_first(t2); e != NULL; e = e->next)
			check(fg_ent_key(t2, e), e->len, e->c[0]);
		/* both transforms into t2: twice t's sum, nothing dropped */
		if (tabsum(t, &s1) == 0 && tabsum(t2, &s2) == 0 &&
		    (s11 = s1, fg_count_add(&s11, s1)) == 0 &&
		    fg_count_cmp(s11, s2) != 0)
			abort();
		fg_stab_free(t2);
		fg_stab_free(t);
	}
	if (blk_n != 0) {
		fprintf(stderr, "fuzz-collapse: %zu blocks leaked by %s\n",
		    blk_n, f != NULL ? f->name : "the probes");
		abort();
	}
	blocks(0);
	__lsan_enable();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	FILE *fp;

	if ((fp = fopen(path, "w")) == NULL)
		abort();
	if (fwrite(data, 1, size, fp) != size || fclose(fp) != 0)
		abort();
	indata = (const char *)data;
	insize = size;
	one();
	unlink(path);	/* none left behind when the run ends */
	fg_status = FG_EXIT_OK;
	return 0;
}
