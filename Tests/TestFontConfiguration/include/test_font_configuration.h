#ifndef STRATA_TEST_FONT_CONFIGURATION_H
#define STRATA_TEST_FONT_CONFIGURATION_H

/// The fontconfig file the test process was pinned to before it started (FONTCONFIG_FILE).
const char *strata_test_fonts_configuration(void);

#endif
