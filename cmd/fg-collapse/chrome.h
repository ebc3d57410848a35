/* SPDX-License-Identifier: ISC */
/*
 * chrome.h: Chrome traces inside fg-collapse: the events chrome.c reads,
 * and the profiles and names chrome-trace.c keeps of them.
 */
#ifndef CHROME_H
#define CHROME_H

#include "v8prof.h"

enum kind {
	EV_OTHER, EV_THREAD_NAME, EV_PROCESS_NAME, EV_PROFILE, EV_CHUNK,
	EV_CPUPROFILE
};

struct ev {
	enum kind kind;
	int64_t pid, tid;
	char id[64];		/* the profile's id, as written */
	struct json args;	/* where "args" starts; args.s NULL if none */
};

struct cprof {
	struct v8prof P;
	int64_t pid, tid;
	int hasthread;		/* tid from a Profile event */
	char label[96];
};

struct trace {
	struct cprof **pv;
	size_t np, pcap;
	struct fg_stab *keys;	/* "p pid id", "t pid tid", "n pid" */
	char **names;		/* thread and process names, by aux - 1 */
	size_t nnames, ncap;
	struct fg_in *in;
	const struct copts *o;
	uint64_t used;
	struct v8prof W;	/* for warnings about the file */
};

/* chrome-trace.c */
/* The profile of e's pid and id, new when not seen yet. */
struct cprof *chrome_profile(struct trace *T, const struct ev *e);
/* Names thread b of process a ('t') or process a ('n', b 0). */
void chrome_setname(struct trace *T, char c, int64_t a, int64_t b,
    const char *s, size_t len);
/* Every profile's stacks into tab, under its process and thread. */
void chrome_emit(struct trace *T, struct fg_stab *tab);

#endif
