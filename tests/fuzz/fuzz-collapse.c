/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer target for fg-collapse: the input is written to a file and
 * read as fg-collapse reads a file (gzip recognised, then detection): every
 * format's probe sees its head, and every format's parser reads it whole,
 * whichever probe claims it, as -f would make it. The list is fg-collapse's
 * own (collapse_fmts), so new formats are fuzzed without changing this.
 *
 * Each stack a parser adds must read back through the folded parser as
 * itself (fg-folded(5)): no newline, no empty stack, nothing that a tool
 * downstream would read otherwise; else the target aborts. The stacks then
 * go through the stack transforms (--no-root, --root, --collapse-recursive).
 *
 * Fatal errors (exit status 2: corrupt input, --max-output, overflow) are
 * expected answers to hostile input: fg_fatal_hook longjmps back here
 * instead of exiting. What the parser had allocated is then lost, so leak
 * checking is off while a parser runs (make check-asan checks leaks of the
 * real binary). Messages go to /dev/null meanwhile; sanitizer reports
 * still reach standard error.
 * Build and run: make fuzz; build-fuzz/fuzz-collapse tests/fuzz/corpus/collapse
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collapse.h"

#if defined(__has_include)
#if __has_include(<sanitizer/lsan_interface.h>)
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

static jmp_buf fatal;
static char path[64];
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
	devnull = fopen("/dev/null", "w");
	realerr = stderr;
	fg_fatal_hook = onfatal;
	fg_progname = "fuzz-collapse";
	return 0;
}

/*
 * The stack must read back as itself from a folded line (but for blanks
 * at its end, which every folded reader trims).
 */
static void
check(const char *key, size_t len, fg_count c)
{
	char *line = fg_malloc(len + 40), num[40];
	size_t n = fg_count_fmt(num, c), want = len;
	struct fg_rec r;

	if (len == 0 || memchr(key, '\n', len) != NULL)
		abort();
	while (want > 0 && (key[want - 1] == ' ' || key[want - 1] == '\t'))
		want--;
	memcpy(line, key, len);
	line[len] = ' ';
	memcpy(line + len + 1, num, n);
	if (fg_parse_rec(line, len + 1 + n, FG_KIND_PROFILE, &r) != NULL ||
	    r.len != want || fg_count_cmp(r.c[0], c) != 0)
		abort();
	free(line);
}

static void
transforms(struct fg_stab *t, int hasroot)
{
	struct copts o;
	struct fg_stab *t2 = fg_stab_new(1);
	struct fg_ent *e;

	memset(&o, 0, sizeof(o));
	o.noroot = 1;
	o.recursive = 1;
	transform_merge(t2, t, hasroot, &o, path);
	o.noroot = 0;
	o.root = "root";
	transform_merge(t2, t, hasroot, &o, path);
	for (e = fg_stab_first(t2); e != NULL; e = e->next)
		check(fg_ent_key(t2, e), e->len, e->c[0]);
	fg_stab_free(t2);
}

/* Runs one parser (f) or the probes (f NULL) over the file. */
static void
one(const struct cfmt *f, size_t size)
{
	static struct fg_in in;
	static struct fg_stab *t;
	struct copts o;
	struct cprobe why;
	struct fg_ent **v;
	const char *head;
	size_t n, i;

	memset(&o, 0, sizeof(o));
	o.nothreads = 1;	/* a fatal error must not be on a thread */
	o.max_output = 4u << 20;
	t = NULL;
	memset(&in, 0, sizeof(in));
	stderr = devnull;
	__lsan_disable();
	if (setjmp(fatal) != 0) {
		fg_in_close(&in);
		stderr = realerr;
		__lsan_enable();
		return;	/* t and the parser's memory are lost */
	}
	fg_in_open(&in, path);
	if (f == NULL) {
		head = in_peek(&in, 64u << 10, &n);
		for (i = 0; collapse_fmts[i] != NULL && n > 0; i++) {
			memset(&why, 0, sizeof(why));
			(void)collapse_fmts[i]->probe(head, n < (64u << 10) ?
			    n : 64u << 10, &why);
			if (memchr(why.why, '\0', sizeof(why.why)) == NULL)
				abort();	/* the reason must be a string */
		}
	} else {
		t = fg_stab_new(1);
		f->run(&in, t, &o);
	}
	fg_in_close(&in);
	stderr = realerr;
	__lsan_enable();
	if (t == NULL)
		return;
	v = fg_stab_sorted(t);
	for (i = 0; v[i] != NULL; i++)
		check(fg_ent_key(t, v[i]), v[i]->len, v[i]->c[0]);
	free(v);
	transforms(t, (f->flags & CFMT_ROOT_FIRST) != 0);
	fg_stab_free(t);
	(void)size;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	FILE *fp;
	size_t i;

	if ((fp = fopen(path, "w")) == NULL)
		abort();
	if (fwrite(data, 1, size, fp) != size || fclose(fp) != 0)
		abort();
	one(NULL, size);
	for (i = 0; collapse_fmts[i] != NULL; i++)
		one(collapse_fmts[i], size);
	fg_status = FG_EXIT_OK;
	return 0;
}
