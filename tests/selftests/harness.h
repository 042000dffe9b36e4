/* SPDX-License-Identifier: MIT */
/*
 * The nvpm selftests on the kernel's kselftest harness
 * (tools/testing/selftests/kselftest_harness.h of linux-source-6.1, found
 * through the include path tools/Makefile sets): TAP, the plan, one forked
 * process per test, FIXTURE()s holding the open render nodes.  Included
 * once per program (the harness header defines functions), after the
 * system headers.
 *
 * Each program ends with NVPM_HARNESS_MAIN(args): args(argc, argv) parses
 * the program's own options (--expect, ...) before any test runs and
 * returns -1 to run the tests or an exit status; what follows "--" is left
 * to the harness (6.1's takes no options).
 */
#ifndef __NVPM_HARNESS_H__
#define __NVPM_HARNESS_H__
#include "selftest.h"
#include "kselftest_harness.h"

/*
 * The harness kills a test that takes longer (30 s by default).  Under
 * TCG with KASAN the longest healthy test takes about a minute on idle
 * cores, and five times that on a loaded machine: a hung test still ends
 * well within the guest's time.
 */
#undef TEST_TIMEOUT_DEFAULT
#define TEST_TIMEOUT_DEFAULT	900

/**
 * FAIL() - fail the running test with a message, then run @statement
 * @statement: what to do next, usually "return" or "return false"
 * @fmt: what differed, for the log (TH_LOG)
 *
 * The counterpart of the harness's SKIP(): the test goes on to
 * @statement, marked failed.
 */
#define FAIL(statement, fmt, ...) do {			\
	TH_LOG(fmt, ##__VA_ARGS__);			\
	_metadata->passed = 0;				\
	statement;					\
} while (0)

/*
 * SKIP() in a FIXTURE_SETUP(): 6.1's harness still runs the test after a
 * SKIP() there, so leave through its jump, as a failed ASSERT does.  The
 * test is reported skipped; its teardown does not run (the process exits).
 */
#define SETUP_SKIP(fmt, ...)	SKIP(longjmp(_metadata->env, 1), fmt, ##__VA_ARGS__)

/*
 * The render nodes: every FIXTURE_SETUP() opens them, every
 * FIXTURE_TEARDOWN() closes them and prints "# <test>: N s" for a test of
 * a second or more.
 */
#define NODES_SETUP(nodes)	nodes_open(nodes)
#define NODES_TEARDOWN(nodes)	nodes_close(nodes, _metadata->name)

/**
 * kmemleak_check() - the verdict of a leak check
 * @_metadata: the running test
 * @km: what kmemleak_start() returned
 *
 * A check that did not scan is a skip, never a pass: without kmemleak,
 * and with NVPM_KMEMLEAK_DEFERRED in the environment, where the scan is
 * left to whoever set it: make test's guest scans once after every
 * selftest ran (no_nvpm_object_leaked), instead of each leak test waiting
 * out kmemleak's minimum age and scanning on its own (some 20 s each
 * under TCG).
 *
 * Return: true when kmemleak finds no nvpm leak; false when it finds one
 * or fails (the test failed), or did not scan (the test skipped).
 */
static inline bool
kmemleak_check(struct __test_metadata *_metadata, int km)
{
	int n;

	if (km < 0)
		FAIL(return false, "kmemleak: %s", err_name(km));
	if (!km)
		SKIP(return false, "kmemleak absent or disabled: leaks not checked");
	if (getenv("NVPM_KMEMLEAK_DEFERRED"))
		SKIP(return false, "kmemleak: not scanned here, but once after every selftest");
	n = kmemleak_nvpm_leaks();
	if (n < 0)
		FAIL(return false, "kmemleak: %s", err_name(n));
	if (n)
		FAIL(return false, "kmemleak reports %d nvpm object(s)", n);
	diag("kmemleak: no nvpm leaks");
	return true;
}

/* ---- tests per --expect device ---- */

/**
 * struct chip_variant - a fixture variant for the @idx-th --expect device
 * @idx: index into nvpm_expect and the fixture's render nodes
 *
 * A fixture of per-device tests declares FIXTURE_VARIANT(f) { struct
 * chip_variant v; } and gets one variant per --expect entry, named after
 * the chip, from chip_variants().
 */
struct chip_variant {
	int idx;
};

#define FIXTURE_OBJECT(fixture_name)	(&_##fixture_name##_fixture_object)

/*
 * One variant of fixture @f per --expect device that @want accepts (all
 * when NULL), in --expect order.  Called from args(), before the harness
 * counts its tests.  The harness appends in constructor order, which may
 * be backward: then register backward too.
 */
static inline int
chip_variants(struct __fixture_metadata *f, bool (*want)(const struct chip *))
{
	struct __fixture_variant_metadata *v;
	struct chip_variant *cv;
	int i, k, n = nvpm_nr_expect < 0 ? 0 : nvpm_nr_expect;

	v = calloc(n + 1, sizeof(*v));
	cv = calloc(n + 1, sizeof(*cv));
	if (!v || !cv)
		return -ENOMEM;
	for (k = 0; k < n; k++) {
		i = __constructor_order == _CONSTRUCTOR_ORDER_BACKWARD ? n - 1 - k : k;
		if (want && !want(chip_find(nvpm_expect[i])))
			continue;
		cv[i].idx = i;
		v[i].name = expect_name(i);
		v[i].data = &cv[i];
		__register_fixture_variant(f, &v[i]);
	}
	return 0;
}

/* ---- the harness's lists, before it runs ---- */

/* Keep only the tests called @name (--only). */
static inline void
harness_only(const char *name)
{
	struct __fixture_metadata *f;
	struct __test_metadata *t, *next, *head;

	for (f = __fixture_list; f; f = f->next) {
		head = NULL;
		for (t = f->tests; t; t = next) {
			next = t->next;
			if (strcmp(t->name, name))
				continue;
			if (!head) {
				head = t;
			} else {
				t->prev = head->prev;
				head->prev->next = t;
			}
			head->prev = t;
			t->next = NULL;
		}
		f->tests = head;
	}
}

/* Give the tests called @name @s seconds before the harness kills them. */
static inline void
harness_timeout(const char *name, int s)
{
	struct __fixture_metadata *f;
	struct __test_metadata *t;

	for (f = __fixture_list; f; f = f->next) {
		for (t = f->tests; t; t = t->next) {
			if (!strcmp(t->name, name))
				t->timeout = s;
		}
	}
}

/* The program's own options (@args: -1 to run the tests), then the tests. */
static inline int
nvpm_harness_run(int argc, char **argv, int (*args)(int argc, char **argv))
{
	int ret = args(argc, argv);

	if (ret >= 0)
		return ret;
	/* a test's output must not wait in a buffer at _exit() */
	setvbuf(stdout, NULL, _IOLBF, 0);
	nodes_scan();
	argv[optind - 1] = argv[0];
	return test_harness_run(argc - optind + 1, argv + optind - 1);
}

/*
 * TEST_HARNESS_MAIN with the program's own options first: @args returns
 * -1 to run the tests, else the exit status.  Last in the file, like
 * TEST_HARNESS_MAIN (its constructor tells the constructor order).
 */
#define NVPM_HARNESS_MAIN(args)						\
	static void __attribute__((constructor))			\
	__constructor_order_last(void)					\
	{								\
		if (!__constructor_order)				\
			__constructor_order = _CONSTRUCTOR_ORDER_BACKWARD; \
	}								\
	int main(int argc, char **argv)					\
	{								\
		exit(nvpm_harness_run(argc, argv, args));		\
	}

#endif /* __NVPM_HARNESS_H__ */
