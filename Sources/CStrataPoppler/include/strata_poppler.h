// What poppler will do drawing a PDF page, worked out by rehearsing the drawing through poppler's
// own interpreter (its C++ objects, Debian's libpoppler-private-dev) before poppler-glib draws it.
#ifndef STRATA_POPPLER_H
#define STRATA_POPPLER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A document poppler reads from `length` bytes at `bytes`, which must outlive it.
typedef struct strata_poppler_document strata_poppler_document;

/// Opens the document (`password` may be NULL); NULL when poppler cannot read it.
strata_poppler_document *strata_poppler_open(const char *bytes, size_t length, const char *password);
void strata_poppler_close(strata_poppler_document *document);

/// The prices of a page's drawing, in content operators.
typedef struct {
    /// The most a page may cost.
    long long limit;
    /// What each drawing of a form costs beyond its own operators.
    long long form_drawing;
    /// What each problem poppler reports costs (it formats the message): a name that resolves to
    /// no XObject, an operator with wrong operands.
    long long problem_report;
    /// Pixels of an image XObject that cost one operator.
    long long pixels_per_operator;
    /// How deep forms may nest.
    int max_form_depth;
    /// The longest the rehearsal may take, in seconds: a backstop for work the count misses.
    double max_seconds;
} strata_poppler_prices;

/// What drawing page `index` (from 0) costs, found by rehearsing it in poppler's interpreter: each
/// content operator 1, each form, pattern cell or transparency group every time it is drawn, images
/// by their pixels, problems reported. -1 past `prices.limit`, forms nested past
/// `prices.max_form_depth`, or a page poppler cannot read; -2 when the rehearsal ran past
/// `prices.max_seconds`.
long long strata_poppler_page_cost(strata_poppler_document *document, int index, strata_poppler_prices prices);

#ifdef __cplusplus
}
#endif

#endif
