/* SPDX-License-Identifier: ISC */
/*
 * addr2line.c: perf's --inline, as stackcollapse-perf.pl does it: the
 * inlined functions at an address of a DSO, asked of addr2line(1)
 * (binutils). An addr2line process per DSO reads addresses on a pipe;
 * after each address a sentinel address follows, whose answer marks the
 * end of the first's (an address may have any number of inlined frames).
 * Answers are cached per DSO and address. At most A2L_LIVE processes run
 * at a time: a DSO asked about when that many are running takes the
 * place of the one asked least recently, which is closed (and started
 * again if its DSO is asked about again), so that a capture of hundreds
 * of DSOs needs neither hundreds of processes nor their descriptors.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "perf.h"
#include "fg.h"

#define SENTINEL "0xffffffffffffffff"
#define A2L_LIVE 8		/* addr2line processes running at most */

extern char **environ;

struct a2l_proc {
	char *mod;
	pid_t pid;		/* 0 when none runs */
	int to, from;		/* -1 when the process is gone */
	int dead;		/* it failed: the DSO is not asked again */
	uint64_t used;		/* when it was last asked (a2l's clock) */
	struct buf in;	/* read but not yet used */
};

struct a2l {
	int context;
	struct a2l_proc *p;
	size_t np;
	struct fg_stab *cache;	/* "mod\0pc" -> answers[aux - 1] */
	char **answers;
	size_t nanswers;
	int warned;
	size_t nlive;		/* processes running */
	uint64_t clock;
};

struct a2l *
a2l_new(int context)
{
	struct a2l *t = fg_calloc(1, sizeof(*t));

	t->context = context;
	t->cache = fg_stab_new(1);
	return t;
}

/* Ends p's process, if it runs: its pipes closed, then waited for. */
static void
stop(struct a2l *t, struct a2l_proc *p)
{
	int st;

	if (p->to >= 0)
		close(p->to);
	if (p->from >= 0)
		close(p->from);
	p->to = p->from = -1;
	if (p->pid > 0) {
		(void)waitpid(p->pid, &st, 0);
		t->nlive--;
	}
	p->pid = 0;
}

void
a2l_free(struct a2l *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->np; i++) {
		stop(t, &t->p[i]);
		free(t->p[i].mod);
		free(t->p[i].in.p);
	}
	for (i = 0; i < t->nanswers; i++)
		free(t->answers[i]);
	free(t->answers);
	free(t->p);
	fg_stab_free(t->cache);
	free(t);
}

/*
 * Starts "addr2line -a -i -f -s -C -e mod" on two pipes; 0, or the
 * error (EMFILE when out of descriptors) that stopped it.
 */
static int
spawn(struct a2l *t, struct a2l_proc *p)
{
	char prog[] = "addr2line", a[] = "-a", i[] = "-i", f[] = "-f";
	char s[] = "-s", c[] = "-C", e_[] = "-e";
	char *argv[] = { prog, a, i, f, s, c, e_, p->mod, NULL };
	posix_spawn_file_actions_t fa;
	int in[2], out[2], e;

	p->to = p->from = -1;
	if (pipe(in) < 0) {
		e = errno;
		goto nopipe;
	}
	if (pipe(out) < 0) {
		e = errno;
		close(in[0]);
		close(in[1]);
		goto nopipe;
	}
	/* later addr2lines must not hold this one's pipe open */
	(void)fcntl(in[1], F_SETFD, FD_CLOEXEC);
	(void)fcntl(out[0], F_SETFD, FD_CLOEXEC);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addclose(&fa, out[0]);
	e = posix_spawnp(&p->pid, "addr2line", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	close(out[1]);
	if (e != 0) {
		close(in[1]);
		close(out[0]);
		goto fail;	/* e: posix_spawnp's */
	}
	p->to = in[1];
	p->from = out[0];
	t->nlive++;
	return 0;
nopipe:
	if (e != EMFILE && e != ENFILE) {
		errno = e;
		fg_err(FG_EXIT_ERR, "pipe");
	}
fail:
	p->pid = 0;
	return e;
}

/* Stops the running process asked least recently, but for keep's. */
static void
evict(struct a2l *t, const struct a2l_proc *keep)
{
	struct a2l_proc *old = NULL;
	size_t i;

	for (i = 0; i < t->np; i++)
		if (t->p[i].pid > 0 && &t->p[i] != keep &&
		    (old == NULL || t->p[i].used < old->used))
			old = &t->p[i];
	if (old != NULL)
		stop(t, old);
}

/* The process for mod, running (started, in the pool's room) or dead. */
static struct a2l_proc *
proc_of(struct a2l *t, const char *mod, size_t n)
{
	struct a2l_proc *p = NULL;
	size_t i;
	int e;

	for (i = 0; i < t->np; i++)
		if (strlen(t->p[i].mod) == n &&
		    memcmp(t->p[i].mod, mod, n) == 0) {
			p = &t->p[i];
			break;
		}
	if (p == NULL) {
		t->p = fg_reallocarray(t->p, t->np + 1, sizeof(*t->p));
		p = &t->p[t->np++];
		memset(p, 0, sizeof(*p));
		p->to = p->from = -1;
		p->mod = fg_malloc(n + 1);
		memcpy(p->mod, mod, n);
		p->mod[n] = '\0';
	}
	p->used = ++t->clock;
	if (p->pid == 0 && !p->dead) {
		if (t->nlive >= A2L_LIVE)
			evict(t, p);
		e = spawn(t, p);
		if ((e == EMFILE || e == ENFILE) && t->nlive > 0) {
			/* out of descriptors: make room, try once more */
			evict(t, p);
			e = spawn(t, p);
		}
		if (e != 0) {
			if (!t->warned++)
				fg_warnx("--inline: cannot run addr2line: %s",
				    strerror(e));
			p->dead = 1;
		}
	}
	return p;
}

/* The process stopped answering: it is not asked again. */
static void
gone(struct a2l *t, struct a2l_proc *p)
{
	stop(t, p);
	p->dead = 1;
}

/* The next line of addr2line's answer, without its newline; NULL at EOF. */
static char *
readline(struct a2l_proc *p, size_t *off)
{
	char *nl;
	ssize_t r;

	for (;;) {
		nl = p->in.len > *off ? memchr(p->in.p + *off, '\n',
		    p->in.len - *off) : NULL;
		if (nl != NULL) {
			char *s = p->in.p + *off;

			*nl = '\0';
			*off = (size_t)(nl - p->in.p) + 1;
			return s;
		}
		buf_need(&p->in, 4096);
		r = read(p->from, p->in.p + p->in.len, 4096);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return NULL;
		p->in.len += (size_t)r;
	}
}

static int
writeall(int fd, const char *s, size_t n)
{
	ssize_t r;

	while (n > 0) {
		r = write(fd, s, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		s += r;
		n -= (size_t)r;
	}
	return 0;
}

/*
 * Asks p about pc; the frames outermost first, joined by ';' (with
 * context, "func:file:line"), in a malloc'd string, or NULL.
 */
static char *
ask(struct a2l *t, struct a2l_proc *p, const char *pc, size_t n)
{
	struct buf q = { NULL, 0, 0 }, res = { NULL, 0, 0 };
	char *fn, *at, *d;
	size_t off = 0, k;
	int npairs = 0;

	if (p->to < 0)
		return NULL;
	buf_put(&q, pc, n);
	buf_put(&q, "\n" SENTINEL "\n", sizeof(SENTINEL) + 1);
	p->in.len = 0;
	if (writeall(p->to, q.p, q.len) < 0 ||
	    readline(p, &off) == NULL) {
		free(q.p);
		gone(t, p);
		return NULL;
	}
	free(q.p);
	/* pairs of lines, innermost first, up to the sentinel's echo */
	while ((fn = readline(p, &off)) != NULL &&
	    strcmp(fn, SENTINEL) != 0 && (at = readline(p, &off)) != NULL) {
		if ((d = strstr(at, " (discriminator ")) != NULL)
			*d = '\0';
		/* put in front: outermost first */
		k = strlen(fn) + (t->context ? strlen(at) + 1 : 0) +
		    (npairs > 0);
		buf_need(&res, k);
		memmove(res.p + k, res.p, res.len);
		memcpy(res.p, fn, strlen(fn));
		if (t->context) {
			res.p[strlen(fn)] = ':';
			memcpy(res.p + strlen(fn) + 1, at, strlen(at));
		}
		if (npairs++ > 0)
			res.p[k - 1] = ';';
		res.len += k;
	}
	if (fn == NULL || readline(p, &off) == NULL ||
	    readline(p, &off) == NULL) {
		free(res.p);
		gone(t, p);
		return NULL;
	}
	buf_put(&res, "", 1);
	if (strcmp(res.p, "") == 0 || strcmp(res.p, "??") == 0 ||
	    strcmp(res.p, "??:??:0") == 0) {
		free(res.p);
		return NULL;
	}
	return res.p;
}

/*
 * The inlined frames at pc in mod, "outer;...;inner" (NUL-terminated), or
 * NULL when addr2line has no answer: the frame is then taken as perf
 * printed it. Kernel, JIT map and "[...]" DSOs are not asked.
 */
const char *
a2l_frames(struct a2l *t, const char *mod, size_t modlen, const char *pc,
    size_t pclen, size_t *len)
{
	struct buf key = { NULL, 0, 0 };
	struct fg_ent *e;
	char *r;

	if (modlen == 0 || mod[0] == '[' ||
	    fg_contains(mod, modlen, "kernel.") ||
	    (fg_contains(mod, modlen, "perf-") &&
	    fg_hassuffix(mod, modlen, ".map")))
		return NULL;
	buf_put(&key, mod, modlen);
	buf_put(&key, "", 1);
	buf_put(&key, pc, pclen);
	e = fg_stab_get(t->cache, key.p, key.len);
	free(key.p);
	if (e->aux == 0) {
		r = ask(t, proc_of(t, mod, modlen), pc, pclen);
		t->answers = fg_reallocarray(t->answers, t->nanswers + 1,
		    sizeof(*t->answers));
		t->answers[t->nanswers++] = r;
		e->aux = (uint32_t)t->nanswers;
	}
	r = t->answers[e->aux - 1];
	if (r != NULL)
		*len = strlen(r);
	return r;
}
