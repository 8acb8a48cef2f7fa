// Debian builds libxml2 with ICU, so encoding.h would include ICU's <unicode/ucnv.h>, which
// clashes with the copy of ICU inside Swift's Foundation ("'U_MF_SYNTAX_ERROR' from module
// '_FoundationICU' is not present in definition of 'enum UErrorCode'"). Only the layout of
// xmlCharEncodingHandler depends on it, which galleryc never touches.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>

// How galleryc parses XMP: never from the network, no entity substitution (no
// XML_PARSE_NOENT), no DTD loading or DTD attributes (no XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR),
// no size limits lifted (no XML_PARSE_HUGE), and nothing printed on stderr. The enum's values
// are combined here because Swift imports xmlParserOption as a struct.
static inline int gk_xmp_parse_options(void) {
    return XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
}
