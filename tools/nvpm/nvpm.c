// SPDX-License-Identifier: MIT
/*
 * nvpm: command line front end of the nvpm performance counter driver.
 *
 *   nvpm info		what GET_INFO reports for every nvpm device
 *   nvpm list		the domains and named signals of every device
 *   nvpm stat		count signals while a command runs, like perf stat
 *   nvpm bench		the cost of the counter ioctls and software methods
 *   nvpm top		a live view of engine busy shares and counters
 *   nvpm record	record a timeline with hardware record mode
 *   nvpm plot		draw a recorded timeline as SVG
 *   nvpm hud		frames sampled by software methods, read from the ring
 */
#include <stdio.h>
#include <string.h>
#include "builtin.h"

struct nvpm_cmd {
	const char *name;
	const char *args;
	const char *help;
	int (*run)(int argc, char **argv);
};

static const struct nvpm_cmd nvpm_cmds[] = {
	{ "info", "", "show what every nvpm device reports (GET_INFO)", cmd_info },
	{ "list", "[DOMAIN]", "list domains and their named signals", cmd_list },
	{ "stat", "-e EVENT,...", "count events while a command runs", cmd_stat },
	{ "bench", "", "time the counter ioctls and software methods", cmd_bench },
	{ "hud", "", "sample frames in the command stream, like mesa's HUD", cmd_hud },
	{ "top", "", "live view of engine busy shares and counters", cmd_top },
	{ "record", "-e EVENT,... -o CSV", "record a timeline (hardware record mode)", cmd_record },
	{ "plot", "CSV -o SVG", "draw a recorded timeline", cmd_plot },
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
	fprintf(f, "\n'nvpm <command> -h' shows a command's options.\n");
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
