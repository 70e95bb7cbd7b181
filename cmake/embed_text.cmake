# cmake -DIN=FILE -DOUT=FILE.cpp -DNAMESPACE=ns -DFUNCTION=name -P embed_text.cmake
# Writes FILE.cpp defining `std::string_view ns::name()` that returns FILE's text, so that a
# page ships inside the binary that serves it.
file(READ ${IN} text)
string(FIND "${text}" ")tbgen_embed\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} holds the raw string's end marker")
endif()
file(WRITE ${OUT}.tmp "// Generated from ${IN} by cmake/embed_text.cmake.\n#include <string_view>\n\nnamespace ${NAMESPACE} {\n\nstd::string_view ${FUNCTION}() {\n  return R\"tbgen_embed(${text})tbgen_embed\";\n}\n\n}  // namespace ${NAMESPACE}\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
