// The drawing cost of a page counted on poppler's reading of the file. Counting on another
// reader's (qpdf's) was not enough: poppler reads damaged objects qpdf cannot, and fuzzed files
// hid millions of form drawings there.
#include "strata_poppler.h"

// Without the PDF trait poppler is not on the include path, and nothing calls this.
#if defined(STRATA_PDF) && !__has_include(<PDFDoc.h>)
#error "The PDF trait needs poppler's C++ headers: Debian's libpoppler-private-dev (scripts/install-deps.sh installs it)"
#endif
#if __has_include(<PDFDoc.h>)
#include <GlobalParams.h>
#include <Lexer.h>
#include <Object.h>
#include <PDFDoc.h>
#include <Page.h>
#include <Parser.h>
#include <Stream.h>

#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

struct strata_poppler_document {
    std::unique_ptr<GlobalParamsIniter> initer;
    std::unique_ptr<PDFDoc> doc;
};

static void quiet(ErrorCategory, Goffset, const char *) { }

extern "C" strata_poppler_document *strata_poppler_open(const char *bytes, size_t length, const char *password) {
    if (!bytes || length == 0) return nullptr;
    auto document = std::make_unique<strata_poppler_document>();
    // poppler-glib has set up poppler's global parameters already; this only holds them.
    document->initer = std::make_unique<GlobalParamsIniter>(quiet);
    std::optional<GooString> secret;
    if (password) secret = GooString(password);
    auto *stream = new MemStream(bytes, 0, (Goffset)length, Object(objNull));
    document->doc = std::make_unique<PDFDoc>(stream, secret, secret);
    if (!document->doc->isOk()) return nullptr;
    return document.release();
}

extern "C" void strata_poppler_close(strata_poppler_document *document) { delete document; }

namespace {

/// Adds with saturation at `cap` + 1 (all costs are non-negative).
long long add(long long a, long long b, long long cap) { return (a > cap - b) ? cap + 1 : a + b; }

long long multiply(long long a, long long b, long long cap) {
    if (a == 0 || b == 0) return 0;
    return (a > cap / b) ? cap + 1 : a * b;
}

class Counter {
public:
    Counter(PDFDoc *doc, strata_poppler_prices prices) : doc(doc), xref(doc->getXRef()), prices(prices) { }

    /// The cost of `contents` (a stream or an array of streams) drawn with `resources` (innermost
    /// first); -1 when over the limit or too deep.
    long long cost(Object *contents, std::vector<Dict *> &resources, int depth) {
        if (depth > prices.max_form_depth) return -1;
        const long long cap = prices.limit;
        long long total = 0;
        long long objects = 0;
        Parser parser(xref, contents, false);
        const char *lastName = nullptr;
        std::string nameBuffer;
        // Forms drawn here, by object number, with how often (each is costed once).
        std::map<int, std::pair<Ref, long long>> drawn;
        for (;;) {
            Object object = parser.getObj();
            if (object.isEOF()) break;
            // Operands count too, lightly: a page of ten million numbers and no operator still
            // takes poppler time to read.
            if (++objects > 4 * cap) return -1;
            if (object.isName()) {
                nameBuffer = object.getName();
                lastName = nameBuffer.c_str();
                continue;
            }
            if (!object.isCmd()) {
                lastName = nullptr;
                continue;
            }
            total = add(total, 1, cap);
            if (object.isCmd("BI")) {
                skipInlineImage(parser, objects, cap);
            } else if (object.isCmd("Do")) {
                total = add(total, drawing(lastName, resources, drawn), cap);
            }
            lastName = nullptr;
            if (total > cap) return -1;
        }
        for (auto &entry : drawn) {
            long long form = formCost(entry.second.first, resources, depth);
            if (form < 0) return -1;
            total = add(total, multiply(add(form, prices.form_drawing, cap), entry.second.second, cap), cap);
            if (total > cap) return -1;
        }
        return total;
    }

private:
    PDFDoc *doc;
    XRef *xref;
    strata_poppler_prices prices;
    /// Forms costed already (their own cost, nested forms included), by object number.
    std::map<int, long long> known;
    /// Forms being costed: poppler does not draw a form inside itself.
    std::set<int> inProgress;

    /// What a `Do` of `name` costs now; forms are noted in `drawn` and costed after.
    long long drawing(const char *name, std::vector<Dict *> &resources, std::map<int, std::pair<Ref, long long>> &drawn) {
        if (!name) return prices.unknown_xobject;
        for (Dict *dict : resources) {
            Object xObjects = dict->lookup("XObject");
            if (!xObjects.isDict()) continue;
            const Object &reference = xObjects.dictLookupNF(name);
            if (reference.isNull()) continue;
            Object object = reference.fetch(xref);
            if (!object.isStream()) return prices.unknown_xobject;
            Dict *streamDict = object.streamGetDict();
            Object subtype = streamDict->lookup("Subtype");
            if (subtype.isName("Form") && reference.isRef()) {
                auto &slot = drawn[reference.getRefNum()];
                slot.first = reference.getRef();
                slot.second += 1;
                return 0;
            }
            if (subtype.isName("Image")) return imagePixels(streamDict) / prices.pixels_per_operator;
            return prices.unknown_xobject;
        }
        return prices.unknown_xobject;
    }

    long long formCost(Ref ref, std::vector<Dict *> &resources, int depth) {
        if (inProgress.count(ref.num)) return 0;
        auto found = known.find(ref.num);
        if (found != known.end()) return found->second;
        Object form = xref->fetch(ref);
        if (!form.isStream()) return 0;
        Object own = form.streamGetDict()->lookup("Resources");
        // A form without resources looks names up where it is drawn, as poppler's chain does.
        std::vector<Dict *> chain;
        if (own.isDict()) chain.push_back(own.getDict());
        chain.insert(chain.end(), resources.begin(), resources.end());
        inProgress.insert(ref.num);
        long long cost = this->cost(&form, chain, depth + 1);
        inProgress.erase(ref.num);
        if (cost >= 0) known[ref.num] = cost;
        return cost;
    }

    static long long imagePixels(Dict *dict) {
        auto side = [dict](const char *key, const char *abbreviation) -> long long {
            Object value = dict->lookup(key);
            if (!value.isNum()) value = dict->lookup(abbreviation);
            if (!value.isNum()) return 0;
            double number = value.getNum();
            if (!(number > 0)) return 0;
            return number > 2147483648.0 ? 2147483648LL : (long long)number;
        };
        return side("Width", "W") * side("Height", "H");
    }

    /// Reads past an inline image: its dictionary up to `ID`, then its data up to `EI`.
    static void skipInlineImage(Parser &parser, long long &objects, long long cap) {
        for (;;) {
            Object object = parser.getObj();
            if (object.isEOF() || ++objects > 4 * cap) return;
            if (object.isCmd("ID")) break;
        }
        Stream *stream = parser.getStream();
        if (!stream) return;
        int previous = ' ', last = stream->getChar();
        if (last == EOF) return;
        for (int c = stream->getChar(); c != EOF; c = stream->getChar()) {
            if (previous <= ' ' && last == 'E' && c == 'I') return;
            previous = last;
            last = c;
        }
    }
};

}  // namespace

extern "C" long long strata_poppler_page_cost(strata_poppler_document *document, int index, strata_poppler_prices prices) {
    if (!document || prices.limit <= 0 || prices.pixels_per_operator <= 0) return -1;
    PDFDoc *doc = document->doc.get();
    if (index < 0 || index >= doc->getNumPages()) return -1;
    Page *page = doc->getPage(index + 1);
    if (!page) return -1;
    Object contents = page->getContents();
    if (!contents.isStream() && !contents.isArray()) return 0;
    std::vector<Dict *> resources;
    if (Dict *dict = page->getResourceDict()) resources.push_back(dict);
    Counter counter(doc, prices);
    return counter.cost(&contents, resources, 0);
}

#endif
