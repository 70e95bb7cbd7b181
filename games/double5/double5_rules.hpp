#pragma once
// double5 is a member of the lines family (SPEC 3 and 6): its rules are the member's, its name,
// contest format and table files (double5-rNN.tb) its own.
#include "family/family_rules.hpp"

namespace tbgen {

inline constexpr const char* kDouble5Member =
    "lines(cols=5,rows=5,len=5,threshold=4,p=2,q=2,turns=11,fill=second,first=O)";

family::Rules double5_rules();

}  // namespace tbgen
