# SPDX-License-Identifier: ISC
# fg: differential flame graph toolkit. GNU make.
#
#   make             build bin/fg-*
#   make check       run the test suite (tests/run.sh)
#   make check-quick the suite but for its slow cases (tests/slow)
#   make check-asan  build with ASan+UBSan into build-asan/ and run the suite
#   make bench       benchmarks (bench/run.sh); ONLY="shapes service"
#                    picks scripts, SHAPES="deep wide" and SCALE=4 the
#                    shapes and size of bench/shapes.sh, LINEAR=1 adds
#                    its 4x run
#   make demo        the whole pipeline on the shipped profiles
#   make install     PREFIX=/usr/local DESTDIR= (binaries, man pages, and
#                    fg.mk and the contrib recipes in PREFIX/share/fg)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/fg
CC ?= cc
CFLAGS ?= -O2 -g
WARNFLAGS = -std=c11 -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wwrite-strings \
	-Wformat=2 -Wvla -Wundef
# common/ holds the shared libraries, one folder and one header each:
# core (fg.h, every tool), sum (sum.h: summing and merging), stats
# (stats.h: the noise test, changes), color (color.h: colours, annotation
# lines; on stats). Every folder of it is on the include path; all their
# objects go into one archive, libfg.a.
COMMON_DIRS := $(patsubst %/,%,$(sort $(dir $(shell find common -name '*.[ch]'))))
FG_CPPFLAGS = -D_POSIX_C_SOURCE=200809L $(addprefix -I,$(COMMON_DIRS))
LDLIBS += -lm -lpthread
# The tools link statically where the C library can: a run on a tiny
# profile then costs about half the CPU time, with no dynamic loader to
# map and relocate libc and libm (bench/shapes.sh's tiny rows). STATIC=
# links dynamically (the sanitizer builds do).
ifeq ($(origin STATIC),undefined)
STATIC := $(shell printf 'int main(void) { return 0; }\n' | \
	$(CC) -static -x c -o /dev/null - 2>/dev/null && echo -static)
endif
B ?= build
BIN ?= bin

TOOLS := $(notdir $(wildcard cmd/fg-*))
COMMON_SRC := $(sort $(shell find common -name '*.c'))
COMMON_OBJ := $(COMMON_SRC:%.c=$(B)/%.o)
PROGS := $(TOOLS:%=$(BIN)/%)
MAN1 := $(wildcard man/*.1)
MAN5 := $(wildcard man/*.5)
MAN7 := $(wildcard man/*.7)
# contrib files installed into DATADIR: make rules, recipes
DATA := contrib/fg.mk contrib/README.md contrib/fleet.sh \
	contrib/fg-map.sh contrib/fg-continuous.sh
DATA_SUB := contrib/slurm/map.sbatch contrib/slurm/reduce.sbatch \
	contrib/slurm/submit.sh contrib/slurm/wait.sh \
	contrib/hadoop/mapper.sh contrib/hadoop/reducer.sh \
	contrib/hadoop/README.md

all: $(PROGS)

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARNFLAGS) $(FG_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(B)/libfg.a: $(COMMON_OBJ)
	rm -f $@
	$(AR) rcs $@ $(COMMON_OBJ)

# fg-svg embeds its script as C strings: one function whose body is cut
# into the pieces of cmd/fg-svg/script, joined in this order by
# gen-script.sh into script.c in the build folder, which fg-svg links.
SVG_JS := $(addprefix cmd/fg-svg/script/,data.js zoom.js details.js \
	head.js search.js views.js map.js wheel.js nav.js)
TOOL_OBJ_fg-svg = $(B)/cmd/fg-svg/script.o
$(B)/cmd/fg-svg/script.c: $(SVG_JS) cmd/fg-svg/gen-script.sh
	@mkdir -p $(dir $@)
	sh cmd/fg-svg/gen-script.sh $@ $(SVG_JS)
$(B)/cmd/fg-svg/script.o: $(B)/cmd/fg-svg/script.c
	$(CC) $(WARNFLAGS) $(FG_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# A tool links the objects of its sources, those generated for it
# (TOOL_OBJ_tool) and the library.
define tool_rule
$(BIN)/$(1): $(patsubst %.c,$(B)/%.o,$(sort $(shell find cmd/$(1) -name '*.c'))) $(TOOL_OBJ_$(1)) $(B)/libfg.a
	@mkdir -p $(BIN)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) $$(STATIC) -o $$@ $$^ $$(LDLIBS)
endef
$(foreach t,$(TOOLS),$(eval $(call tool_rule,$(t))))

-include $(shell find $(B) -name '*.d' 2>/dev/null)

# The suite runs its cases in parallel (tests/run.sh -j, one per processor
# by default: RUNFLAGS=-j1 runs one at a time); check-quick leaves out the
# slow cases that tests/slow names. FG_OBJ names the objects for the case
# suite/no-call-cycles.
RUNFLAGS ?=
check: all browser-deps
	@FG_OBJ=$(abspath $(B)) sh tests/run.sh $(RUNFLAGS) $(BIN)
check-quick: all
	@FG_OBJ=$(abspath $(B)) sh tests/run.sh -q $(RUNFLAGS) $(BIN)

# The browser tests' npm packages (playwright-core), on first use.
browser-deps:
	@if [ -f tests/browser/package.json ] && [ ! -d tests/browser/node_modules ] && \
	    command -v npm >/dev/null 2>&1; then \
	    echo "installing tests/browser's npm packages"; \
	    (cd tests/browser && npm install --no-audit --no-fund --silent) || true; \
	fi

ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
check-asan: browser-deps
	$(MAKE) B=build-asan BIN=build-asan/bin CFLAGS="$(ASAN_FLAGS)" \
	    LDFLAGS="$(ASAN_FLAGS)" STATIC= all
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    FG_SANITIZED=1 FG_OBJ=$(abspath build-asan) \
	    sh tests/run.sh $(RUNFLAGS) build-asan/bin

# mandoc cannot see that a section title starting with a macro name
# (.Ss In the browser) renders wrongly: refuse those titles here.
MDOC_CALLABLE = Ad|An|Ap|Ar|Cd|Cm|Dv|Em|Er|Ev|Fa|Fl|Fn|Ic|In|Li|Ms|Nm|No|Ns|\
	Op|Pa|Pq|Ql|Sq|Dq|Qq|Sy|Tn|Va|Vt|Xr
lint-man:
	mandoc -T lint -W warning $(MAN1) $(MAN5) $(MAN7)
	@! grep -n -E '^\.S[hs] ($(MDOC_CALLABLE))( |$$)' $(MAN1) $(MAN5) \
	    $(MAN7) || { echo "section title starts with an mdoc macro name"; \
	    exit 1; }

ONLY ?= $(FG_BENCH_ONLY)
SHAPES ?= $(FG_BENCH_SHAPES)
SCALE ?= $(FG_BENCH_SCALE)
LINEAR ?= $(FG_BENCH_LINEAR)
bench: all
	@FG_BENCH_ONLY='$(ONLY)' FG_BENCH_SHAPES='$(SHAPES)' \
	    FG_BENCH_SCALE='$(SCALE)' FG_BENCH_LINEAR='$(LINEAR)' \
	    sh bench/run.sh $(BIN)

demo: all
	@sh contrib/demo.sh $(BIN)

install: all install-data
	mkdir -p $(DESTDIR)$(BINDIR)
	cp $(PROGS) $(DESTDIR)$(BINDIR)/

# Everything but the binaries: man pages, make rules and contrib recipes.
install-data:
	mkdir -p $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(DATADIR)/slurm \
	    $(DESTDIR)$(DATADIR)/hadoop
	cp $(MAN1) $(DESTDIR)$(MANDIR)/man1/
	cp $(MAN5) $(DESTDIR)$(MANDIR)/man5/
	cp $(MAN7) $(DESTDIR)$(MANDIR)/man7/
	cp $(DATA) $(DESTDIR)$(DATADIR)/
	for f in $(DATA_SUB); do cp $$f $(DESTDIR)$(DATADIR)/$${f#contrib/}; done

uninstall:
	cd $(DESTDIR)$(BINDIR) && rm -f $(TOOLS)
	cd $(DESTDIR)$(MANDIR)/man1 && rm -f $(notdir $(MAN1))
	cd $(DESTDIR)$(MANDIR)/man5 && rm -f $(notdir $(MAN5))
	cd $(DESTDIR)$(MANDIR)/man7 && rm -f $(notdir $(MAN7))
	cd $(DESTDIR)$(DATADIR) && rm -f $(notdir $(DATA)) \
	    $(DATA_SUB:contrib/%=%)

clean:
	rm -rf build build-asan build-fuzz build-afl bin

.PHONY: all check check-quick browser-deps check-asan lint-man bench demo \
	install install-data uninstall clean

# libFuzzer targets (clang): tests/fuzz/fuzz-*.c against the core built
# with ASan+UBSan, and a 4 KiB input buffer (refills at every size, and no
# 1 MiB allocation per input opened). fuzz-smoke runs each for
# FUZZ_SECONDS on its corpus and prints libFuzzer's last line ("Done N
# runs in S second(s)"); a target that fails (a crash, a leak, a failed
# check) shows the end of its log (build-fuzz/log-NAME, the input in
# build-fuzz/crash-NAME-*) and fails the target after the others ran.
FUZZ_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SECONDS ?= 20
FUZZERS := $(patsubst tests/fuzz/%.c,build-fuzz/%,$(wildcard tests/fuzz/fuzz-*.c))
fuzz:
	$(MAKE) CC=clang B=build-fuzz BIN=build-fuzz/bin CPPFLAGS=-DIN_BUFSZ=4096 \
	    CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" build-fuzz/libfg.a \
	    build-fuzz/libcollapse.a
	$(MAKE) CC=clang B=build-fuzz BIN=build-fuzz/bin fuzzers

# fg-collapse's parsers (all but its main.c) for the format targets.
COLLAPSE_LIB_OBJ := $(patsubst %.c,build-fuzz/%.o,$(filter-out \
	cmd/fg-collapse/main.c,$(shell find cmd/fg-collapse -name '*.c')))
build-fuzz/libcollapse.a: $(COLLAPSE_LIB_OBJ) build-fuzz/collapse-main.o
	rm -f $@
	$(AR) rcs $@ $(COLLAPSE_LIB_OBJ) build-fuzz/collapse-main.o
# main.c with its main renamed, so that the library holds all of
# fg-collapse as the tool links it (the list of formats is formats.c).
build-fuzz/collapse-main.o: cmd/fg-collapse/main.c
	$(CC) $(WARNFLAGS) -Wno-missing-prototypes $(FG_CPPFLAGS) $(CPPFLAGS) \
	    $(CFLAGS) -Dmain=fg_collapse_main -c -o $@ cmd/fg-collapse/main.c

fuzzers: $(FUZZERS)
build-fuzz/fuzz-%: tests/fuzz/fuzz-%.c build-fuzz/libcollapse.a build-fuzz/libfg.a
	clang $(WARNFLAGS) $(FG_CPPFLAGS) -Icmd/fg-collapse $(FUZZ_FLAGS) \
	    -fsanitize=fuzzer $(FUZZ_LINK_$*) -o $@ $< build-fuzz/libcollapse.a \
	    build-fuzz/libfg.a -lm -lpthread
# fuzz-collapse sees the allocations of the code it links (ld's --wrap), to
# free what a parser held when a fatal error ended it.
FUZZ_LINK_collapse = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
	-Wl,--wrap=posix_memalign,--wrap=free

fuzz-smoke: fuzz
	@failed=; for f in $(FUZZERS); do \
	    n=$${f#build-fuzz/fuzz-}; mkdir -p build-fuzz/corpus-$$n; \
	    echo "fuzzing $$n for $(FUZZ_SECONDS) s"; \
	    $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	        -artifact_prefix=build-fuzz/crash-$$n- \
	        build-fuzz/corpus-$$n tests/fuzz/corpus/$$n \
	        >build-fuzz/log-$$n 2>&1; st=$$?; \
	    tail -1 build-fuzz/log-$$n; \
	    if [ $$st -ne 0 ]; then \
	        tail -40 build-fuzz/log-$$n; failed="$$failed $$n"; \
	        echo "fuzz-$$n failed (status $$st): build-fuzz/log-$$n"; \
	    fi; \
	done; [ -z "$$failed" ] || { echo "failed:$$failed"; exit 1; }

# fuzz-long: each target in turn for FUZZ_SECONDS (default 1800) at nice
# 19, larger inputs, the growing corpus in build-fuzz/corpus-NAME, crashes
# in build-fuzz/crash-NAME-*; the last line per target is libFuzzer's
# "Done N runs in S second(s)". fuzz-cmin merges that corpus, minimised,
# back into tests/fuzz/corpus/NAME (keep it small: check before committing).
fuzz-long: FUZZ_SECONDS = 1800
fuzz-long: fuzz
	@for f in $(FUZZERS); do \
	    n=$${f#build-fuzz/fuzz-}; mkdir -p build-fuzz/corpus-$$n; \
	    echo "fuzzing $$n for $(FUZZ_SECONDS) s"; \
	    nice -n 19 $$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	        -artifact_prefix=build-fuzz/crash-$$n- \
	        build-fuzz/corpus-$$n tests/fuzz/corpus/$$n \
	        >build-fuzz/log-$$n 2>&1; st=$$?; \
	    grep -E '^Done|stat::number_of_executed_units' build-fuzz/log-$$n; \
	    [ $$st -eq 0 ] || { tail -30 build-fuzz/log-$$n; exit 1; }; \
	done
fuzz-cmin: fuzz
	@for f in $(FUZZERS); do \
	    n=$${f#build-fuzz/fuzz-}; rm -rf build-fuzz/cmin-$$n; \
	    mkdir -p build-fuzz/cmin-$$n build-fuzz/corpus-$$n; \
	    $$f -merge=1 -max_len=65536 build-fuzz/cmin-$$n \
	        tests/fuzz/corpus/$$n build-fuzz/corpus-$$n >/dev/null 2>&1 && \
	    rm -rf tests/fuzz/corpus/$$n && mv build-fuzz/cmin-$$n \
	        tests/fuzz/corpus/$$n; \
	    echo "tests/fuzz/corpus/$$n: $$(ls tests/fuzz/corpus/$$n | wc -l) files"; \
	done

# AFL++ on the tools' binaries (ASan+UBSan), family by family: see
# tests/fuzz/afl.sh. AFL_SECONDS per family per turn, until AFL_UNTIL.
AFL_SECONDS ?= 600
AFL_UNTIL ?= now + 1 hour
fuzz-afl:
	sh tests/fuzz/afl.sh build
	sh tests/fuzz/afl.sh rotate $(AFL_SECONDS) "$(AFL_UNTIL)"
	sh tests/fuzz/afl.sh report

.PHONY: fuzz fuzzers fuzz-smoke fuzz-long fuzz-cmin fuzz-afl
