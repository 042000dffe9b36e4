// SPDX-License-Identifier: MIT
/*
 * nvpm: command line front end of the nvpm performance counter driver.
 *
 *   nvpm info	what GET_INFO reports for every nvpm device
 */
#include <stdio.h>
#include <string.h>
#include <libnvpm.h>

#define EXIT_USAGE	2

struct nvpm_cmd {
	const char *name;
	const char *args;
	const char *help;
	int (*run)(int argc, char **argv);
};

/* Print one device's GET_INFO; 0 or a negative errno. */
static int
info_print(const struct nvpm_dev *dev)
{
	struct drm_nvpm_get_info info;
	const char *family;
	char caps[256];
	int ret;

	ret = nvpm_get_info(dev->fd, &info);
	if (ret) {
		fprintf(stderr, "nvpm: %s: GET_INFO failed: %s\n",
			dev->path, strerror(-ret));
		return ret;
	}
	family = nvpm_card_type_name(info.card_type);
	nvpm_hw_caps_str(info.hw_caps, caps, sizeof(caps));

	printf("%s: %.*s (chipset 0x%03x, ", dev->path,
	       (int)sizeof(info.name), info.name, info.chipset);
	if (family)
		printf("%s family)", family);
	else
		printf("unknown card type 0x%02x)", info.card_type);
	printf("%s\n", info.flags & NVPM_INFO_SIMULATED ? ", simulated" : "");
	printf("  PMC_BOOT_0 0x%08x, uapi version %u\n", info.boot0, info.version);
	printf("  hardware: %s\n", caps);
	return 0;
}

static int
cmd_info(int argc, char **argv)
{
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int found = 0, failed = 0;

	if (argc > 1) {
		fprintf(stderr, "nvpm info: unexpected argument '%s'\n", argv[1]);
		return EXIT_USAGE;
	}
	nvpm_for_each_dev(&it, &dev) {
		found++;
		if (info_print(&dev))
			failed++;
	}
	if (!found) {
		fprintf(stderr, "nvpm: no nvpm device found (%s)\n",
			"no nvpm render node in /dev/dri; is the module loaded?");
		if (it.err)
			fprintf(stderr, "nvpm: note: some render nodes could not be opened: %s\n",
				strerror(-it.err));
		return 1;
	}
	return failed ? 1 : 0;
}

static const struct nvpm_cmd nvpm_cmds[] = {
	{ "info", "", "show what every nvpm device reports (GET_INFO)", cmd_info },
};

#define NVPM_NR_CMDS	ARRAY_SIZE(nvpm_cmds)

static void
print_usage(FILE *f)
{
	const struct nvpm_cmd *cmd;
	char synopsis[64];

	fprintf(f, "usage: nvpm <command> [<args>]\n\ncommands:\n");
	for (cmd = nvpm_cmds; cmd < nvpm_cmds + NVPM_NR_CMDS; cmd++) {
		snprintf(synopsis, sizeof(synopsis), "%s%s%s", cmd->name,
			 *cmd->args ? " " : "", cmd->args);
		fprintf(f, "  %-16s %s\n", synopsis, cmd->help);
	}
	fprintf(f, "  %-16s %s\n", "help", "show this help");
}

static int
is_help(const char *arg)
{
	return !strcmp(arg, "help") || !strcmp(arg, "--help") ||
	       !strcmp(arg, "-h");
}

int
main(int argc, char **argv)
{
	const struct nvpm_cmd *cmd;

	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (is_help(argv[1])) {
		print_usage(stdout);
		return 0;
	}
	for (cmd = nvpm_cmds; cmd < nvpm_cmds + NVPM_NR_CMDS; cmd++) {
		if (!strcmp(argv[1], cmd->name))
			return cmd->run(argc - 1, argv + 1);
	}
	fprintf(stderr, "nvpm: unknown command '%s'\n\n", argv[1]);
	print_usage(stderr);
	return EXIT_USAGE;
}
