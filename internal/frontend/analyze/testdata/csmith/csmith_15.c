/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 15 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_15.c
 * Seed:      15
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
union U0 {
   uint16_t  f0;
   volatile int8_t * const  volatile  f1;
   unsigned f2 : 22;
   int64_t  f3;
   volatile int16_t  f4;
};

union U1 {
   volatile unsigned f0 : 4;
   volatile uint64_t  f1;
   const uint32_t  f2;
   const uint32_t  f3;
};

union U2 {
   volatile int8_t * const  volatile  f0;
   int64_t  f1;
   volatile int32_t  f2;
   uint8_t  f3;
};

/* --- GLOBAL VARIABLES --- */
static uint16_t g_8 = 0xCFAFL;
static int16_t g_10 = 0xF996L;
static int8_t g_22[4][3] = {{0x50L,0L,(-6L)},{0x48L,0L,0x48L},{0x6DL,0x50L,(-6L)},{0x6DL,0x6DL,0x50L}};
static int32_t g_23 = 0x6B5A7DD9L;
static int32_t g_38 = 9L;
static uint16_t g_45 = 0x73C0L;
static int32_t * volatile g_56 = (void*)0;/* VOLATILE GLOBAL g_56 */
static int32_t g_58 = (-10L);
static int32_t * const  volatile g_57 = &g_58;/* VOLATILE GLOBAL g_57 */
static volatile uint32_t g_68 = 0xD994868BL;/* VOLATILE GLOBAL g_68 */
static int32_t ** volatile g_70 = (void*)0;/* VOLATILE GLOBAL g_70 */
static uint16_t g_77 = 0x7236L;
static union U2 g_103[1] = {{0}};
static int32_t * volatile g_104 = &g_58;/* VOLATILE GLOBAL g_104 */
static int8_t g_107 = 0x51L;
static int8_t *g_106 = &g_107;
static uint64_t g_118 = 0x2D252A4F93C24CE6LL;
static int32_t * volatile g_119[4] = {&g_58,&g_58,&g_58,&g_58};
static int32_t * volatile g_120 = &g_23;/* VOLATILE GLOBAL g_120 */
static const uint64_t g_127 = 0xA2FE657869F8A89CLL;
static int32_t * volatile g_128[3] = {&g_23,&g_23,&g_23};
static int32_t * volatile g_129[4] = {&g_23,&g_23,&g_23,&g_23};
static int32_t g_143 = 1L;
static volatile int32_t g_166 = 0xE894D084L;/* VOLATILE GLOBAL g_166 */
static union U0 g_173 = {0xFAC4L};/* VOLATILE GLOBAL g_173 */
static union U0 *g_175 = &g_173;
static union U0 ** volatile g_174 = &g_175;/* VOLATILE GLOBAL g_174 */
static int64_t g_180[1][3] = {{0x79B7D10769E08EB9LL,0x79B7D10769E08EB9LL,0x79B7D10769E08EB9LL}};
static volatile union U1 g_182 = {4UL};/* VOLATILE GLOBAL g_182 */
static int64_t *g_196 = &g_173.f3;
static volatile union U0 g_220 = {65535UL};/* VOLATILE GLOBAL g_220 */
static union U2 g_232 = {0};/* VOLATILE GLOBAL g_232 */
static int64_t g_236[3] = {1L,1L,1L};
static int32_t *g_238 = &g_23;
static int32_t ** const  volatile g_237[4][3] = {{&g_238,&g_238,&g_238},{&g_238,&g_238,&g_238},{&g_238,&g_238,&g_238},{&g_238,&g_238,&g_238}};
static int32_t ** volatile g_239 = &g_238;/* VOLATILE GLOBAL g_239 */
static union U2 g_245 = {0};/* VOLATILE GLOBAL g_245 */
static union U1 g_282 = {0x16943C44L};/* VOLATILE GLOBAL g_282 */
static union U1 *g_284 = &g_282;
static union U1 ** volatile g_283 = &g_284;/* VOLATILE GLOBAL g_283 */
static volatile union U0 g_307[3] = {{1UL},{1UL},{1UL}};
static union U1 **g_312[2][3] = {{&g_284,&g_284,&g_284},{&g_284,&g_284,&g_284}};
static union U1 ***g_311[4][4] = {{(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0},{(void*)0,(void*)0,(void*)0,(void*)0}};
static union U1 **** volatile g_310 = &g_311[0][3];/* VOLATILE GLOBAL g_310 */
static union U1 **** volatile g_318 = &g_311[1][1];/* VOLATILE GLOBAL g_318 */


/* --- FORWARD DECLARATIONS --- */
static int16_t  func_1(void);
static int16_t  func_2(int16_t  p_3, int16_t  p_4, uint16_t  p_5, int8_t * p_6, uint32_t  p_7);
static int16_t  func_11(const int8_t  p_12, const uint16_t  p_13, int8_t * p_14, int8_t * p_15);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_8 g_10 g_23 g_22 g_38 g_45 g_57 g_68 g_77 g_103 g_104 g_106 g_120 g_58 g_143 g_118 g_107 g_174 g_119 g_182 g_173.f0 g_166 g_220 g_220.f4 g_232 g_127 g_239 g_245 g_238 g_283 g_180 g_175 g_173 g_284 g_307 g_236 g_310 g_318 g_173.f4
 * writes: g_10 g_23 g_22 g_38 g_45 g_58 g_77 g_56 g_143 g_175 g_129 g_107 g_196 g_238 g_103.f1 g_284 g_118 g_311
 */
static int16_t  func_1(void)
{ /* block id: 0 */
    int16_t *l_9 = &g_10;
    int32_t l_20[4][3] = {{0L,0L,0L},{0x03CA955AL,0x03CA955AL,0x03CA955AL},{0L,0L,0L},{0x03CA955AL,0x03CA955AL,0x03CA955AL}};
    int8_t *l_21 = &g_22[1][2];
    int32_t *l_136[1][2];
    int64_t *l_139 = &g_103[0].f1;
    int64_t *l_140 = (void*)0;
    int64_t *l_141 = (void*)0;
    int64_t *l_142[1];
    uint32_t l_149 = 0UL;
    int8_t l_158 = (-1L);
    uint8_t l_198[1][2];
    uint32_t l_204 = 0xB9F93243L;
    uint64_t l_213[2];
    uint64_t l_223 = 0x539E2D7B22F36016LL;
    int16_t **l_249 = &l_9;
    uint32_t l_278 = 1UL;
    int64_t ***l_295 = (void*)0;
    union U1 **l_309 = &g_284;
    union U1 ***l_308[3][1];
    int32_t l_343 = 0x60086DD6L;
    uint32_t l_345 = 18446744073709551615UL;
    int i, j;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 2; j++)
            l_136[i][j] = &g_58;
    }
    for (i = 0; i < 1; i++)
        l_142[i] = (void*)0;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 2; j++)
            l_198[i][j] = 6UL;
    }
    for (i = 0; i < 2; i++)
        l_213[i] = 0xF471C6FD1BF654D5LL;
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 1; j++)
            l_308[i][j] = &l_309;
    }
    (*g_104) = ((func_2(((*l_9) &= g_8), func_11(g_8, (255UL < (safe_mul_func_uint8_t_u_u(((safe_mod_func_uint8_t_u_u((((((l_20[3][1] == l_20[0][1]) | 9L) >= 0x60E7790660D64C9DLL) , g_8) && g_8), g_8)) || g_8), l_20[3][1]))), l_21, &g_22[1][2]), g_8, g_106, l_20[0][0]) == 0xD8DAL) , 6L);
    g_58 ^= (*g_120);
    if ((((*g_57) &= ((safe_div_func_int64_t_s_s((g_143 |= 1L), (safe_lshift_func_uint16_t_u_s((~(g_10 == (safe_mod_func_uint16_t_u_u(0xB805L, g_77)))), 11)))) || g_77)) > l_149))
    { /* block id: 73 */
        uint64_t l_156 = 0UL;
        uint8_t l_157 = 255UL;
        int32_t l_159 = 0x95E05244L;
        int64_t l_160[4] = {0xF47762CD2BE79458LL,0xF47762CD2BE79458LL,0xF47762CD2BE79458LL,0xF47762CD2BE79458LL};
        int32_t l_161 = 0L;
        int32_t l_162 = 2L;
        int32_t l_163 = 1L;
        int32_t l_164[4][2];
        int8_t l_165 = (-1L);
        uint16_t l_167 = 0UL;
        int i, j;
        for (i = 0; i < 4; i++)
        {
            for (j = 0; j < 2; j++)
                l_164[i][j] = (-1L);
        }
        l_158 &= (safe_mod_func_uint8_t_u_u((((0xA0L | ((g_23 | ((*l_9) = g_118)) | (safe_rshift_func_uint8_t_u_s(((safe_div_func_uint32_t_u_u((g_8 && g_8), l_156)) || 1L), (*g_106))))) , l_156) < l_157), (*g_106)));
        l_167++;
    }
    else
    { /* block id: 77 */
        int16_t l_181 = 0L;
        int64_t *l_197[4] = {&g_180[0][1],&g_180[0][1],&g_180[0][1],&g_180[0][1]};
        int32_t l_205 = 0x5201ABF9L;
        int32_t l_206 = 3L;
        int32_t l_207 = 0xB4F6E9D7L;
        int32_t l_209 = 0x6E76953BL;
        int32_t l_210[3];
        uint32_t l_242 = 1UL;
        int i;
        for (i = 0; i < 3; i++)
            l_210[i] = 1L;
        for (g_143 = (-20); (g_143 >= 17); ++g_143)
        { /* block id: 80 */
            union U0 *l_172 = &g_173;
            int64_t *l_179 = &g_180[0][1];
            int32_t l_188 = (-1L);
            int64_t l_189 = (-6L);
            int8_t **l_203 = &l_21;
            int32_t l_211 = 0x3F30FDA5L;
            int32_t l_212[4] = {0L,0L,0L,0L};
            int i;
            for (l_149 = 0; (l_149 <= 3); l_149 += 1)
            { /* block id: 83 */
                int i;
                (*g_174) = l_172;
                g_129[l_149] = g_119[l_149];
                l_181 = (((~(safe_sub_func_int32_t_s_s(0x77E36767L, (*g_104)))) , l_179) != &g_180[0][1]);
            }
            if (l_181)
            { /* block id: 88 */
                int32_t l_187 = (-6L);
                g_23 |= (((((g_182 , 0xEBL) < ((*g_106) |= (safe_lshift_func_int16_t_s_s(1L, (safe_lshift_func_uint16_t_u_s(l_187, l_188)))))) , l_189) > 0xFB2BC63CL) && g_173.f0);
                if ((*g_104))
                    break;
            }
            else
            { /* block id: 92 */
                int32_t **l_190 = (void*)0;
                int32_t **l_191 = &l_136[0][1];
                int8_t **l_194 = &l_21;
                int64_t **l_195 = (void*)0;
                (*l_191) = (void*)0;
                (*g_120) = ((safe_mod_func_int16_t_s_s((l_194 == (g_23 , &g_106)), 1L)) && g_173.f0);
                l_198[0][1] |= (l_189 & ((g_196 = &g_180[0][1]) != (g_103[0] , (((&g_175 == &g_175) <= g_22[1][2]) , l_197[2]))));
            }
            if ((safe_rshift_func_int8_t_s_u((g_166 | (((&g_22[1][2] == ((*l_203) = ((((g_58 |= (safe_mod_func_uint16_t_u_u((l_189 , (0x8D6AL <= g_23)), g_107))) , &g_127) == &g_127) , (void*)0))) & g_107) ^ l_181)), l_204)))
            { /* block id: 100 */
                if ((*g_104))
                    break;
            }
            else
            { /* block id: 102 */
                int16_t l_208 = 0x7770L;
                l_213[1]++;
                g_23 &= ((*g_57) = (l_210[2] ^= (safe_lshift_func_uint8_t_u_u((safe_sub_func_int64_t_s_s((g_220 , l_206), 0xDBA5B9078EE22F68LL)), 0))));
                if ((*g_104))
                    continue;
            }
            if (l_181)
                break;
        }
        l_223 = (safe_mul_func_uint8_t_u_u(g_220.f4, ((0L && (*g_106)) == (l_9 == (void*)0))));
        for (g_23 = 16; (g_23 != 20); g_23 = safe_add_func_uint8_t_u_u(g_23, 2))
        { /* block id: 114 */
            int16_t l_231 = 0xD523L;
            int64_t * const l_235 = &g_236[1];
            int64_t * const *l_234 = &l_235;
            int64_t * const **l_233 = &l_234;
            if (((~(safe_lshift_func_uint16_t_u_u(((safe_sub_func_uint32_t_u_u((l_231 & 0x95880F04L), ((g_232 , ((((*l_233) = &g_196) != &l_197[3]) , 4UL)) , 0x7AFD339EL))) , 0x78EEL), g_22[2][0]))) != g_127))
            { /* block id: 116 */
                if ((*g_120))
                    break;
            }
            else
            { /* block id: 118 */
                (*g_239) = &l_20[0][2];
                (*g_238) = (safe_div_func_uint64_t_u_u(l_242, ((*l_139) = (safe_mul_func_int8_t_s_s((*g_106), ((g_245 , &g_77) == (void*)0))))));
            }
            for (l_204 = 0; (l_204 <= 31); ++l_204)
            { /* block id: 125 */
                int32_t *l_248 = &l_209;
                l_248 = l_248;
            }
        }
        if (((*g_238) = 4L))
        { /* block id: 130 */
            int16_t ***l_250 = &l_249;
            (*l_250) = l_249;
        }
        else
        { /* block id: 132 */
            uint16_t l_263 = 65535UL;
            int8_t l_268[4][2] = {{5L,5L},{(-8L),5L},{5L,(-8L)},{5L,5L}};
            int32_t l_269[4][1];
            int i, j;
            for (i = 0; i < 4; i++)
            {
                for (j = 0; j < 1; j++)
                    l_269[i][j] = (-1L);
            }
            for (g_58 = (-5); (g_58 > (-17)); --g_58)
            { /* block id: 135 */
                uint8_t l_261[1];
                int64_t l_262 = 0xC6F9AE73C09CD686LL;
                int i;
                for (i = 0; i < 1; i++)
                    l_261[i] = 0UL;
                (*g_238) = (safe_rshift_func_int16_t_s_s(((((*g_106) ^= 0x3AL) >= 7UL) & ((((~(safe_add_func_int16_t_s_s((safe_lshift_func_int8_t_s_s((+(g_103[0] , (l_261[0] ^ 65526UL))), 6)), g_45))) , l_262) < (*g_238)) | l_263)), 15));
                (*g_238) ^= (safe_mul_func_uint8_t_u_u(255UL, ((*g_106) = (safe_lshift_func_uint8_t_u_s(246UL, 3)))));
                return l_268[1][0];
            }
            return l_269[0][0];
        }
    }
    if ((g_45 != (g_10 ^= 1L)))
    { /* block id: 146 */
        int32_t l_277 = 0xC53810D4L;
        for (g_58 = 0; (g_58 >= (-17)); g_58 = safe_sub_func_uint16_t_u_u(g_58, 6))
        { /* block id: 149 */
            uint32_t l_272 = 0x653ED2A7L;
            l_272--;
            if ((*g_57))
                break;
            for (l_272 = 0; (l_272 != 60); l_272 = safe_add_func_int32_t_s_s(l_272, 4))
            { /* block id: 154 */
                return g_68;
            }
            if (l_277)
                continue;
        }
        l_278 = l_277;
        (*g_238) |= (safe_mul_func_uint16_t_u_u(l_277, g_220.f4));
    }
    else
    { /* block id: 161 */
        union U1 *l_281 = &g_282;
        const int32_t l_285 = 1L;
        int32_t l_317 = 1L;
        int16_t l_338[2];
        int32_t l_339 = (-1L);
        int32_t l_340 = 0x8B08591DL;
        int32_t l_341 = 0xA756A63DL;
        int32_t l_342 = (-10L);
        int32_t l_344 = (-2L);
        int i;
        for (i = 0; i < 2; i++)
            l_338[i] = 0xD1CEL;
        (*g_283) = l_281;
        if ((&l_158 == ((l_285 <= 0x510DL) , &g_107)))
        { /* block id: 163 */
            for (g_45 = 21; (g_45 >= 3); g_45 = safe_sub_func_uint16_t_u_u(g_45, 3))
            { /* block id: 166 */
                uint64_t *l_294 = &l_223;
                const int32_t l_296 = 1L;
                (*g_238) &= (safe_sub_func_uint64_t_u_u((safe_lshift_func_uint8_t_u_u((safe_div_func_uint64_t_u_u(((*l_294) = g_180[0][1]), (0xD0270678L || (((**g_174) , l_295) == (void*)0)))), l_296)), 0xD9EC73109D701B9DLL));
            }
        }
        else
        { /* block id: 170 */
lbl_314:
            for (g_118 = 16; (g_118 > 46); g_118++)
            { /* block id: 173 */
                union U1 **l_299 = &l_281;
                const int32_t *l_301 = &l_20[3][1];
                const int32_t **l_300 = &l_301;
                int64_t *l_306[2][1];
                int i, j;
                for (i = 0; i < 2; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_306[i][j] = (void*)0;
                }
                (*l_299) = (*g_283);
                (*l_300) = (void*)0;
                (*g_238) ^= (safe_lshift_func_uint8_t_u_s((safe_sub_func_int32_t_s_s((((g_127 == (((void*)0 != l_306[0][0]) , (g_307[0] , 0x3080L))) > l_285) < 0xB9L), g_236[0])), (*g_106)));
            }
            if (l_149)
                goto lbl_313;
lbl_313:
            (*g_310) = l_308[1][0];
            if (g_118)
                goto lbl_314;
        }
        for (g_143 = 0; (g_143 <= (-18)); g_143--)
        { /* block id: 184 */
            const uint8_t l_325 = 0x14L;
            const int8_t l_337 = 4L;
            if ((*g_120))
            { /* block id: 185 */
                l_317 = (g_245 , 0x933014E3L);
                return l_285;
            }
            else
            { /* block id: 188 */
                (*g_318) = &l_309;
            }
            for (l_204 = 0; (l_204 == 1); l_204 = safe_add_func_uint32_t_u_u(l_204, 2))
            { /* block id: 193 */
                uint64_t l_328[3];
                int32_t l_331 = 0xB78D52C0L;
                int i;
                for (i = 0; i < 3; i++)
                    l_328[i] = 0x194803DEE0DAAF10LL;
                (*g_120) &= (safe_div_func_int64_t_s_s(0x6C6C8B0E94818A42LL, ((safe_sub_func_int64_t_s_s(l_325, (safe_lshift_func_int8_t_s_u(3L, l_325)))) ^ g_77)));
                --l_328[2];
                l_331 ^= 1L;
                (*g_238) = ((((~((*g_175) , (g_173.f4 , (safe_sub_func_int8_t_s_s(((**g_239) <= (((((safe_div_func_uint64_t_u_u(((*g_106) , 1UL), g_180[0][1])) >= g_22[0][1]) , l_328[2]) , 0x1C19745DL) ^ g_77)), l_325))))) < l_337) > l_337) && 0xE099C41BL);
            }
        }
        l_345--;
    }
    return g_143;
}


/* ------------------------------------------ */
/* 
 * reads : g_22 g_120 g_23 g_68 g_104 g_58
 * writes: g_23 g_58
 */
static int16_t  func_2(int16_t  p_3, int16_t  p_4, uint16_t  p_5, int8_t * p_6, uint32_t  p_7)
{ /* block id: 56 */
    int8_t l_112 = (-1L);
    uint64_t * const l_117 = &g_118;
    const uint64_t *l_123 = (void*)0;
    const uint64_t **l_124 = (void*)0;
    const uint64_t **l_125[4] = {&l_123,&l_123,&l_123,&l_123};
    const uint64_t *l_126 = &g_127;
    int32_t *l_130[4];
    int i;
    for (i = 0; i < 4; i++)
        l_130[i] = &g_23;
    (*g_120) &= (((safe_rshift_func_int16_t_s_s(g_22[0][1], l_112)) <= ((((safe_mul_func_uint16_t_u_u(4UL, ((safe_sub_func_int64_t_s_s(((void*)0 != l_117), (-3L))) , 5L))) >= 65535UL) < l_112) && 0x97E4B885461A87E7LL)) & 0UL);
    if (l_112)
        goto lbl_131;
lbl_131:
    (*g_120) = ((*g_104) = ((safe_lshift_func_uint8_t_u_s(((l_126 = l_123) != &g_118), 0)) | g_68));
    for (g_58 = 0; (g_58 >= 2); g_58 = safe_add_func_uint64_t_u_u(g_58, 4))
    { /* block id: 64 */
        int64_t l_134 = 1L;
        int32_t l_135 = 0x00712A71L;
        l_135 = (l_134 = (1L <= g_22[1][2]));
    }
    return p_3;
}


/* ------------------------------------------ */
/* 
 * reads : g_23 g_22 g_38 g_45 g_57 g_8 g_68 g_77 g_103 g_104
 * writes: g_23 g_22 g_38 g_45 g_58 g_77 g_56
 */
static int16_t  func_11(const int8_t  p_12, const uint16_t  p_13, int8_t * p_14, int8_t * p_15)
{ /* block id: 2 */
    uint32_t l_25 = 0x7BC41BBBL;
    int32_t l_40 = (-1L);
    uint64_t l_55 = 8UL;
    uint32_t l_88 = 0UL;
    for (g_23 = 0; (g_23 <= 2); g_23 += 1)
    { /* block id: 5 */
        uint64_t *l_24[3];
        int32_t l_41 = (-6L);
        uint16_t * const l_51[4][4] = {{(void*)0,&g_8,(void*)0,&g_8},{(void*)0,&g_8,&g_8,(void*)0},{&g_8,&g_8,&g_8,&g_8},{&g_8,&g_8,&g_8,&g_8}};
        int32_t *l_72 = (void*)0;
        int i, j;
        for (i = 0; i < 3; i++)
            l_24[i] = (void*)0;
        if ((0x0BE6286CL || ((l_25--) > (safe_mod_func_uint64_t_u_u(p_12, (g_38 ^= (safe_add_func_int32_t_s_s((safe_unary_minus_func_int16_t_s((+((safe_add_func_int8_t_s_s(0x0FL, ((*p_14) = ((safe_div_func_int32_t_s_s(g_22[1][2], p_13)) < g_23)))) , p_13)))), 4294967295UL))))))))
        { /* block id: 9 */
            int32_t *l_39 = (void*)0;
            l_40 ^= p_13;
            return l_41;
        }
        else
        { /* block id: 12 */
            uint16_t *l_44 = &g_45;
            int32_t *l_54 = &l_40;
            int32_t **l_59 = &l_54;
            (*g_57) = ((l_55 = ((*l_54) = (l_40 <= (safe_lshift_func_uint16_t_u_u((++(*l_44)), (safe_div_func_uint64_t_u_u((!((l_51[1][2] != &p_13) , (safe_div_func_int16_t_s_s(9L, g_23)))), 0x59FA6B86D5672FEELL))))))) , (*l_54));
            (*l_59) = &l_41;
            if (l_41)
                continue;
        }
        if (p_12)
            continue;
        if (l_41)
            continue;
        for (l_55 = 0; (l_55 <= 2); l_55 += 1)
        { /* block id: 24 */
            int32_t *l_69 = &l_41;
            int32_t **l_81[1];
            int8_t *l_85 = &g_22[1][2];
            int8_t **l_84 = &l_85;
            int i, j;
            for (i = 0; i < 1; i++)
                l_81[i] = &l_72;
            if ((safe_add_func_int32_t_s_s((g_22[g_23][g_23] ^ 0xD5D2985DL), ((*l_69) = (0x16862065L & ((safe_add_func_int16_t_s_s(((((((((safe_add_func_uint16_t_u_u(((safe_add_func_uint64_t_u_u(0xC68704422F2FDD04LL, l_41)) , p_13), 0L)) < l_55) || g_8) ^ p_12) || p_12) <= 0xC113E7BEL) , p_12) <= p_12), g_68)) <= g_22[g_23][g_23]))))))
            { /* block id: 26 */
                int32_t **l_71[2];
                int i;
                for (i = 0; i < 2; i++)
                    l_71[i] = &l_69;
                l_72 = &g_23;
            }
            else
            { /* block id: 28 */
                int8_t l_73[3][1];
                int32_t *l_74 = (void*)0;
                int32_t *l_75[1][4] = {{&g_58,&g_58,&g_58,&g_58}};
                int32_t l_76 = 0x7CDB2440L;
                int32_t **l_80[4][1] = {{&l_72},{&l_75[0][2]},{&l_72},{&l_75[0][2]}};
                int i, j;
                for (i = 0; i < 3; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_73[i][j] = 0xD5L;
                }
                l_73[2][0] = p_13;
                --g_77;
                l_69 = l_69;
            }
            g_56 = l_69;
            (*l_69) |= (g_22[1][2] < ((safe_sub_func_uint8_t_u_u(((((*l_84) = (void*)0) != (void*)0) >= (safe_rshift_func_int8_t_s_s((((((g_77 , (void*)0) != (void*)0) > 0xD9F560E83E0D67C4LL) && p_12) , g_23), g_22[3][0]))), (*p_15))) && l_88));
            return g_22[1][2];
        }
        for (l_88 = 0; (l_88 <= 2); l_88 += 1)
        { /* block id: 40 */
            for (l_25 = 0; (l_25 <= 2); l_25 += 1)
            { /* block id: 43 */
                int32_t l_96 = 0xD1F7F3E9L;
                int i, j;
                if (g_22[g_23][g_23])
                    break;
                (*g_104) = ((*p_15) ^ ((safe_rshift_func_uint8_t_u_s((+(safe_div_func_int64_t_s_s((safe_lshift_func_uint8_t_u_s(p_13, 7)), (l_96 |= p_12)))), 2)) == (safe_sub_func_uint64_t_u_u((safe_div_func_int16_t_s_s((safe_sub_func_uint32_t_u_u((g_103[0] , g_22[1][2]), g_22[g_23][g_23])), g_45)), g_23))));
            }
            for (l_40 = 0; (l_40 <= 2); l_40 += 1)
            { /* block id: 50 */
                int32_t *l_105 = &l_41;
                (*l_105) &= l_55;
            }
        }
    }
    return g_8;
}




/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    int i, j;
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    transparent_crc(g_8, "g_8", print_hash_value);
    transparent_crc(g_10, "g_10", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 3; j++)
        {
            transparent_crc(g_22[i][j], "g_22[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_23, "g_23", print_hash_value);
    transparent_crc(g_38, "g_38", print_hash_value);
    transparent_crc(g_45, "g_45", print_hash_value);
    transparent_crc(g_58, "g_58", print_hash_value);
    transparent_crc(g_68, "g_68", print_hash_value);
    transparent_crc(g_77, "g_77", print_hash_value);
    transparent_crc(g_107, "g_107", print_hash_value);
    transparent_crc(g_118, "g_118", print_hash_value);
    transparent_crc(g_127, "g_127", print_hash_value);
    transparent_crc(g_143, "g_143", print_hash_value);
    transparent_crc(g_166, "g_166", print_hash_value);
    transparent_crc(g_173.f0, "g_173.f0", print_hash_value);
    transparent_crc(g_173.f4, "g_173.f4", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 3; j++)
        {
            transparent_crc(g_180[i][j], "g_180[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_182.f0, "g_182.f0", print_hash_value);
    transparent_crc(g_220.f0, "g_220.f0", print_hash_value);
    transparent_crc(g_220.f4, "g_220.f4", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        transparent_crc(g_236[i], "g_236[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_282.f0, "g_282.f0", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        transparent_crc(g_307[i].f0, "g_307[i].f0", print_hash_value);
        transparent_crc(g_307[i].f4, "g_307[i].f4", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 95
XXX total union variables: 6

XXX non-zero bitfields defined in structs: 2
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 1
XXX structs with bitfields in the program: 6
breakdown:
   indirect level: 0, occurrence: 3
   indirect level: 1, occurrence: 2
   indirect level: 2, occurrence: 0
   indirect level: 3, occurrence: 1
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 4
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 3
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 0

XXX max expression depth: 22
breakdown:
   depth: 1, occurrence: 102
   depth: 2, occurrence: 20
   depth: 3, occurrence: 2
   depth: 4, occurrence: 3
   depth: 5, occurrence: 3
   depth: 6, occurrence: 3
   depth: 8, occurrence: 2
   depth: 9, occurrence: 3
   depth: 11, occurrence: 4
   depth: 12, occurrence: 3
   depth: 13, occurrence: 1
   depth: 14, occurrence: 2
   depth: 17, occurrence: 1
   depth: 22, occurrence: 1

XXX total number of pointers: 82

XXX times a variable address is taken: 95
XXX times a pointer is dereferenced on RHS: 22
breakdown:
   depth: 1, occurrence: 20
   depth: 2, occurrence: 2
XXX times a pointer is dereferenced on LHS: 44
breakdown:
   depth: 1, occurrence: 44
XXX times a pointer is compared with null: 3
XXX times a pointer is compared with address of another variable: 1
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 791

XXX max dereference level: 2
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 105
   level: 2, occurrence: 3
XXX number of pointers point to pointers: 30
XXX number of pointers point to scalars: 48
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 30.5
XXX average alias set size: 1.24

XXX times a non-volatile is read: 196
XXX times a non-volatile is write: 123
XXX times a volatile is read: 22
XXX    times read thru a pointer: 0
XXX times a volatile is write: 17
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 790
XXX percentage of non-volatile access: 89.1

XXX forward jumps: 2
XXX backward jumps: 1

XXX stmts: 100
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 12
   depth: 1, occurrence: 19
   depth: 2, occurrence: 31
   depth: 3, occurrence: 38

XXX percentage a fresh-made variable is used: 22.5
XXX percentage an existing variable is used: 77.5
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

