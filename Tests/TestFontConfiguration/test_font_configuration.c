// Pins the fonts every test process draws with (fonts.conf beside this file), before any test
// runs and before fontconfig is first used: goldens of text must not depend on what else the
// machine has installed. The path comes from this file's own, known when it is compiled.
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_font_configuration.h"

static char strata_test_fonts_conf[PATH_MAX];

__attribute__((constructor)) static void strata_pin_test_fonts(void) {
    char here[PATH_MAX];
    strncpy(here, __FILE__, sizeof here - 1);
    here[sizeof here - 1] = 0;
    snprintf(strata_test_fonts_conf, sizeof strata_test_fonts_conf, "%s/fonts.conf", dirname(here));
    setenv("FONTCONFIG_FILE", strata_test_fonts_conf, 1);
}

const char *strata_test_fonts_configuration(void) { return strata_test_fonts_conf; }
