/* The OCaml side of core_rows.cpp: sonnx_core_row16 on two Bigarrays of
   65,536 entries (int32 quotients, uint8 verdicts). Compiled by ocamlopt,
   which supplies the OCaml headers. */
#include <caml/bigarray.h>
#include <caml/fail.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

#include "core_rows.hpp"

value sonnx_core_row16_stub(value is_signed, value floor_rounding, value a, value quotients, value verdicts) {
    CAMLparam5(is_signed, floor_rounding, a, quotients, verdicts);
    if (Caml_ba_array_val(quotients)->dim[0] != 65536 || Caml_ba_array_val(verdicts)->dim[0] != 65536) {
        caml_invalid_argument("sonnx_core_row16: rows have 65536 entries");
    }
    sonnx_core_row16(Bool_val(is_signed), Bool_val(floor_rounding), (int32_t)Long_val(a),
                     (int32_t*)Caml_ba_data_val(quotients), (uint8_t*)Caml_ba_data_val(verdicts));
    CAMLreturn(Val_unit);
}
