#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo/cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>
