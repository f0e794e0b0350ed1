// The drawing cost of a page, found by rehearsing its drawing: poppler's own interpreter (Gfx)
// runs the page into an output device that draws nothing and keeps count, and stops it past the
// budget. Two earlier counts were models of poppler's reading (first on qpdf's objects, then on
// poppler's): fuzzed files kept finding work the models did not see (damaged forms, floods of
// unknown names). The rehearsal does what drawing does, except rasterising.
#include "strata_poppler.h"

// Without the PDF trait poppler is not on the include path, and nothing calls this.
#if defined(STRATA_PDF) && !__has_include(<PDFDoc.h>)
#error "The PDF trait needs poppler's C++ headers: Debian's libpoppler-private-dev (scripts/install-deps.sh installs it)"
#endif
#if __has_include(<PDFDoc.h>)
#include <Error.h>
#include <Gfx.h>
#include <GfxState.h>
#include <GlobalParams.h>
#include <Object.h>
#include <OutputDev.h>
#include <PDFDoc.h>
#include <Page.h>
#include <Stream.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <climits>
#include <memory>
#include <mutex>
#include <optional>

struct strata_poppler_document {
    std::unique_ptr<GlobalParamsIniter> initer;
    std::unique_ptr<PDFDoc> doc;
};

namespace {

class Rehearsal;
/// The rehearsal running on this thread: poppler reports problems through one global callback.
thread_local Rehearsal *current = nullptr;

void reportProblem(ErrorCategory, Goffset, const char *);

}  // namespace

extern "C" strata_poppler_document *strata_poppler_open(const char *bytes, size_t length, const char *password) {
    if (!bytes || length == 0) return nullptr;
    auto document = std::make_unique<strata_poppler_document>();
    // poppler-glib has set up poppler's global parameters already; this only holds them.
    document->initer = std::make_unique<GlobalParamsIniter>(reportProblem);
    // Problems are counted during a rehearsal and dropped otherwise (poppler-glib only logged
    // them at debug level).
    static std::once_flag installed;
    std::call_once(installed, [] { setErrorCallback(reportProblem); });
    std::optional<GooString> secret;
    if (password) secret = GooString(password);
    auto *stream = new MemStream(bytes, 0, (Goffset)length, Object(objNull));
    document->doc = std::make_unique<PDFDoc>(stream, secret, secret);
    if (!document->doc->isOk()) return nullptr;
    return document.release();
}

extern "C" void strata_poppler_close(strata_poppler_document *document) { delete document; }

namespace {

/// An output device that draws nothing: it prices what poppler's interpreter does on the way
/// and, past the budget, stops it (aborts content, stops entering forms).
class Rehearsal final : public OutputDev {
public:
    Rehearsal(strata_poppler_prices prices)
        : prices(prices), deadline(std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(prices.max_seconds))) { }

    long long total = 0;
    bool over = false;
    bool outOfTime = false;
    const strata_poppler_prices prices;

    void charge(long long cost) {
        if (over) return;
        total = cost > prices.limit - total ? prices.limit + 1 : total + cost;
        if (total > prices.limit) over = true;
        if (std::chrono::steady_clock::now() > deadline) over = outOfTime = true;
    }

    /// Gfx asks every eleven operators of a content stream.
    static bool abortCheck(void *data) {
        auto *self = static_cast<Rehearsal *>(data);
        self->charge(11);
        return self->over;
    }

    bool upsideDown() override { return true; }
    bool useDrawChar() override { return false; }
    // Type 3 glyphs are drawn by running their procedures (Cairo's device once a glyph and
    // size, through its font engine): here at every character, each a form drawing.
    bool interpretType3Chars() override { return true; }
    bool beginType3Char(GfxState *, double, double, double, double, CharCode, const Unicode *, int) override {
        charge(prices.form_drawing);
        // True tells Gfx the glyph is drawn already: past the budget it is not run.
        return over;
    }
    // As Cairo's device: shadings and tiling patterns are painted whole, not subdivided by Gfx.
    bool useShadedFills(int type) override { return type >= 1 && type <= 7; }
    bool useTilingPatternFill() override { return true; }
    // Past the budget forms are no longer entered.
    bool useDrawForm() override { return over; }

    bool functionShadedFill(GfxState *, GfxFunctionShading *) override { return true; }
    bool axialShadedFill(GfxState *, GfxAxialShading *, double, double) override { return true; }
    bool radialShadedFill(GfxState *, GfxRadialShading *, double, double) override { return true; }
    bool gouraudTriangleShadedFill(GfxState *, GfxGouraudTriangleShading *) override { return true; }
    bool patchMeshShadedFill(GfxState *, GfxPatchMeshShading *) override { return true; }

    /// Cairo's device paints the cell once into a surface it repeats, but only when the steps
    /// equal the cell's size and the cell fits a cairo image; otherwise it declines and Gfx draws
    /// the cell once for every tile over the clip. The cell is rehearsed once, and charged once
    /// more for each further tile Gfx would draw.
    bool tilingPatternFill(GfxState *, Gfx *gfx, Catalog *, GfxTilingPattern *pattern, const double *matrix, int x0, int y0, int x1, int y1, double xStep, double yStep) override {
        const long long before = total;
        charge(prices.form_drawing);
        if (over) return true;
        if (enter()) gfx->drawForm(pattern->getContentStream(), pattern->getResDict(), matrix, pattern->getBBox());
        --depth;
        if (!cairoRepeats(pattern, matrix, xStep, yStep)) {
            const long long tiles = std::max(0LL, (long long)x1 - x0) * std::max(0LL, (long long)y1 - y0);
            if (tiles > 1) chargeTimes(total - before, tiles - 1);
        }
        return true;
    }

    void beginForm(Ref) override {
        charge(prices.form_drawing);
        enter();
    }
    void endForm(Ref) override { --depth; }
    // Soft masks and transparency groups are forms drawn without `beginForm`.
    void beginTransparencyGroup(GfxState *, const double *, GfxColorSpace *, bool, bool, bool) override { charge(prices.form_drawing); }

    void drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert, bool interpolate, bool inlineImg) override {
        chargePixels(width, height);
        // The base device reads an inline image's data past (the content goes on after it).
        if (!over) OutputDev::drawImageMask(state, ref, str, width, height, invert, interpolate, inlineImg);
    }
    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool interpolate, const int *maskColors, bool inlineImg) override {
        chargePixels(width, height);
        if (!over) OutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors, inlineImg);
    }
    void drawMaskedImage(GfxState *, Object *, Stream *, int width, int height, GfxImageColorMap *, bool, Stream *, int maskWidth, int maskHeight, bool, bool) override {
        chargePixels(width, height);
        chargePixels(maskWidth, maskHeight);
    }
    void drawSoftMaskedImage(GfxState *, Object *, Stream *, int width, int height, GfxImageColorMap *, bool, Stream *, int maskWidth, int maskHeight, GfxImageColorMap *, bool) override {
        chargePixels(width, height);
        chargePixels(maskWidth, maskHeight);
    }

private:
    const std::chrono::steady_clock::time_point deadline;
    int depth = 0;

    /// One level deeper; false (and over the budget) past the deepest forms may nest.
    bool enter() {
        if (++depth > prices.max_form_depth) over = true;
        return !over;
    }

    /// `cost` charged `times` times, saturating.
    void chargeTimes(long long cost, long long times) {
        long long product;
        charge(__builtin_mul_overflow(cost, times, &product) ? LLONG_MAX : product);
    }

    /// Whether poppler's Cairo device paints this pattern as one repeated cell (poppler 22:
    /// steps equal to the cell's box, and a cell surface cairo can make, at most 32767 pixels a
    /// side).
    static bool cairoRepeats(GfxTilingPattern *pattern, const double *matrix, double xStep, double yStep) {
        const double *box = pattern->getBBox();
        const double width = box[2] - box[0], height = box[3] - box[1];
        if (xStep != width || yStep != height) return false;
        const double side = std::max(std::hypot(matrix[0] * width, matrix[1] * width), std::hypot(matrix[2] * height, matrix[3] * height));
        return std::isfinite(side) && side <= 32767;
    }

    void chargePixels(int width, int height) {
        if (width <= 0 || height <= 0) return;
        charge((long long)width * (long long)height / prices.pixels_per_operator);
    }
};

void reportProblem(ErrorCategory, Goffset, const char *) {
    if (current) current->charge(current->prices.problem_report);
}

}  // namespace

extern "C" long long strata_poppler_page_cost(strata_poppler_document *document, int index, strata_poppler_prices prices) {
    if (!document || prices.limit <= 0 || prices.pixels_per_operator <= 0) return -1;
    PDFDoc *doc = document->doc.get();
    if (index < 0 || index >= doc->getNumPages()) return -1;
    Page *page = doc->getPage(index + 1);
    if (!page) return -1;
    Rehearsal rehearsal(prices);
    Rehearsal *outer = current;
    current = &rehearsal;
    // As poppler-glib draws a page: 72 dpi, media box, cropped, annotations included.
    page->displaySlice(&rehearsal, 72, 72, 0, false, true, -1, -1, -1, -1, false, Rehearsal::abortCheck, &rehearsal);
    current = outer;
    if (rehearsal.outOfTime) return -2;
    return rehearsal.over ? -1 : rehearsal.total;
}

#endif
