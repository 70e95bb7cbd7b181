# cmake -DIN=FILE -DOUT=FILE.cpp -DNAMESPACE=ns -DFUNCTION=name -P embed_text.cmake
# Writes FILE.cpp defining `std::string_view ns::name()` that returns FILE's text, so that a
# page ships inside the binary that serves it. The text is cut at line ends into raw string
# literals of at most 32 KB, joined once at the first call: a compiler need not take a literal
# past 64 KB (clang's -Woverlength-strings).
file(READ ${IN} text)
string(FIND "${text}" ")tbgen_embed\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} holds the raw string's end marker")
endif()
set(pieces "")
string(LENGTH "${text}" left)
while(left GREATER 0)
  string(SUBSTRING "${text}" 0 32768 piece)
  string(LENGTH "${piece}" length)
  if(length LESS left)
    string(FIND "${piece}" "\n" line_end REVERSE)
    if(line_end EQUAL -1)
      message(FATAL_ERROR "${IN} has a line of more than 32 KB")
    endif()
    math(EXPR length "${line_end} + 1")
    string(SUBSTRING "${text}" 0 ${length} piece)
  endif()
  string(APPEND pieces "      R\"tbgen_embed(${piece})tbgen_embed\",\n")
  string(SUBSTRING "${text}" ${length} -1 text)
  math(EXPR left "${left} - ${length}")
endwhile()
file(WRITE ${OUT}.tmp "// Generated from ${IN} by cmake/embed_text.cmake.\n#include <string>\n#include <string_view>\n\nnamespace ${NAMESPACE} {\n\nstd::string_view ${FUNCTION}() {\n  static const std::string text = [] {\n    std::string joined;\n    for (const char* piece : {\n${pieces}         })\n      joined += piece;\n    return joined;\n  }();\n  return text;\n}\n\n}  // namespace ${NAMESPACE}\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
