// SPDX-License-Identifier: MIT
/*
 * nvpm-example: what a program built against the installed libnvpm does.
 * Opens the first nvpm device, lists its counter domains, counts one
 * event for 100 ms and prints the count next to the domain's cycles.
 *
 *   cc -Wall -o nvpm-example nvpm-example.c $(pkg-config --cflags --libs nvpm)
 *   nvpm-example [DOMAIN/SIGNAL]	(default: the first domain's "always")
 *
 * Exit status: 0 on success, 1 on failure (no device, a refused ioctl).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <libnvpm.h>

static int
fail(const char *what, int err)
{
	fprintf(stderr, "nvpm-example: %s: %s\n", what, strerror(-err));
	return 1;
}

static int
count(const struct nvpm_dev *dev, const struct nvpm_catalog *cat, const char *spec)
{
	const struct timespec interval = { .tv_nsec = 100 * 1000 * 1000 };
	struct drm_nvpm_counter ctr = { 0 };
	struct drm_nvpm_read before, after;
	struct nvpm_event ev;
	__u64 n, cycles;
	__u32 handle;
	int ret;

	ret = nvpm_event_parse(cat, spec, &ev);
	if (ret)
		return fail(spec, ret);
	ctr.signal[0] = ev.signal;
	ctr.logic_op = ev.logic_op;
	ret = nvpm_group_quad(dev->fd, ev.domain, &ctr, 1, &handle);
	if (ret)
		return fail("nvpm_group_quad", ret);

	/* a group's totals grow at each SAMPLE: the interval is a difference */
	ret = nvpm_sample(dev->fd, NULL);
	if (!ret)
		ret = nvpm_read(dev->fd, handle, &before);
	if (!ret) {
		nanosleep(&interval, NULL);
		ret = nvpm_sample(dev->fd, NULL);
	}
	if (!ret)
		ret = nvpm_read(dev->fd, handle, &after);
	nvpm_group_destroy(dev->fd, handle);
	if (ret)
		return fail("nvpm_sample/nvpm_read", ret);

	n = after.value[0] - before.value[0];
	cycles = after.cycles - before.cycles;
	printf("%s: %llu in %llu cycles (%.2f%%) over 100 ms\n", spec,
	       (unsigned long long)n, (unsigned long long)cycles,
	       cycles ? 100.0 * n / cycles : 0.0);
	return 0;
}

int
main(int argc, char **argv)
{
	struct drm_nvpm_get_info info;
	struct nvpm_catalog cat;
	struct nvpm_iter it;
	struct nvpm_dev dev;
	char spec[64];
	unsigned int i;
	int ret;

	nvpm_iter_init(&it);
	if (nvpm_iter_next(&it, &dev) <= 0) {
		if (it.err)
			return fail("no nvpm device", it.err);
		fprintf(stderr, "nvpm-example: no nvpm device (is the module loaded?)\n");
		return 1;
	}
	ret = nvpm_get_info(dev.fd, &info);
	if (ret) {
		nvpm_dev_close(&dev);
		return fail("nvpm_get_info", ret);
	}
	ret = nvpm_catalog_load(dev.fd, &cat);
	if (ret) {
		nvpm_dev_close(&dev);
		return fail("nvpm_catalog_load", ret);
	}
	printf("%s: %s (chipset 0x%03x), %u domains\n", dev.path, info.name, info.chipset,
	       cat.nr_dom);
	for (i = 0; i < cat.nr_dom; i++)
		printf("  %-10s %-8s %u counters, %u signals, %u named\n", cat.dom[i].name,
		       cat.dom[i].clock, cat.dom[i].nr_counters, cat.dom[i].nr_signals,
		       cat.nr_sig[i]);

	if (argc > 1)
		snprintf(spec, sizeof(spec), "%s", argv[1]);
	else if (cat.nr_dom)
		snprintf(spec, sizeof(spec), "%s/" NVPM_EVENT_ALWAYS, cat.dom[0].name);
	ret = cat.nr_dom ? count(&dev, &cat, spec) : 1;
	nvpm_catalog_free(&cat);
	nvpm_dev_close(&dev);
	return ret;
}
