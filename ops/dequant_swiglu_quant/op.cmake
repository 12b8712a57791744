sk_add_op(dequant_swiglu_quant SOURCE dequant_swiglu_quant/dequant_swiglu_quant.cpp
          META dequant_swiglu_quant/dequant_swiglu_quant.json.in DTYPES int32)
