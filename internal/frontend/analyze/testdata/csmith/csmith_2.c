/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 2 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_2.c
 * Seed:      2
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
struct S0 {
   volatile unsigned f0 : 15;
   signed f1 : 8;
};

struct S1 {
   const int32_t  f0;
   uint64_t  f1;
   int32_t  f2;
   int8_t  f3;
};

/* --- GLOBAL VARIABLES --- */
static uint16_t g_17 = 0x78ACL;
static int8_t g_19 = 9L;
static int32_t g_21 = 0x1462CCD2L;
static int32_t * volatile g_20 = &g_21;/* VOLATILE GLOBAL g_20 */
static struct S0 g_22 = {64,-13};/* VOLATILE GLOBAL g_22 */
static int32_t *g_28 = &g_21;
static int32_t g_35[4] = {0xED5B6062L,0xED5B6062L,0xED5B6062L,0xED5B6062L};
static volatile struct S1 *g_41 = (void*)0;
static volatile struct S1 ** volatile g_42[1] = {&g_41};
static volatile struct S1 ** volatile g_43[2] = {(void*)0,(void*)0};
static volatile struct S1 ** volatile g_44 = &g_41;/* VOLATILE GLOBAL g_44 */
static int32_t ** const  volatile g_59 = (void*)0;/* VOLATILE GLOBAL g_59 */
static int32_t ** volatile g_60 = &g_28;/* VOLATILE GLOBAL g_60 */
static int32_t ** volatile g_61 = &g_28;/* VOLATILE GLOBAL g_61 */
static struct S0 g_62 = {118,0};/* VOLATILE GLOBAL g_62 */
static struct S0 * volatile g_63 = &g_62;/* VOLATILE GLOBAL g_63 */
static int32_t * volatile g_64 = (void*)0;/* VOLATILE GLOBAL g_64 */
static int32_t * const  volatile g_65 = (void*)0;/* VOLATILE GLOBAL g_65 */
static int32_t * volatile g_66 = &g_35[1];/* VOLATILE GLOBAL g_66 */
static struct S1 g_68 = {1L,5UL,0L,7L};
static const struct S1 *g_69 = (void*)0;


/* --- FORWARD DECLARATIONS --- */
static uint8_t  func_1(void);
static int64_t  func_5(uint32_t  p_6);
static uint32_t  func_7(int8_t  p_8, uint16_t  p_9);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_17 g_20 g_22 g_21 g_19 g_28 g_35 g_41 g_44 g_60 g_61 g_62 g_63 g_66 g_68.f2
 * writes: g_19 g_20 g_21 g_28 g_35 g_17 g_41 g_62 g_69
 */
static uint8_t  func_1(void)
{ /* block id: 0 */
    int32_t l_2 = 0x0A77C874L;
    int8_t *l_18 = &g_19;
    const struct S1 *l_67 = &g_68;
    (*g_66) = ((l_2 , (l_2 , (((safe_div_func_int64_t_s_s(func_5(func_7((safe_add_func_int8_t_s_s(((*l_18) = (safe_lshift_func_int16_t_s_s((((!(((safe_mul_func_int16_t_s_s((g_17 && (g_17 >= 0L)), l_2)) , 0x21CDL) >= 0x642EL)) , 0x0B28787DL) <= g_17), 4))), 0x1BL)), g_17)), g_22.f1)) <= g_22.f1) && g_35[3]))) >= g_22.f1);
    g_69 = l_67;
    return g_68.f2;
}


/* ------------------------------------------ */
/* 
 * reads : g_60 g_61 g_62 g_63
 * writes: g_28 g_62
 */
static int64_t  func_5(uint32_t  p_6)
{ /* block id: 31 */
    int32_t *l_58 = &g_35[2];
    (*g_60) = l_58;
    (*g_61) = l_58;
    (*g_63) = g_62;
    return p_6;
}


/* ------------------------------------------ */
/* 
 * reads : g_20 g_22 g_21 g_19 g_17 g_28 g_35 g_41 g_44
 * writes: g_20 g_21 g_28 g_19 g_35 g_17 g_41
 */
static uint32_t  func_7(int8_t  p_8, uint16_t  p_9)
{ /* block id: 2 */
    int32_t *l_23 = &g_21;
    int8_t *l_26 = &g_19;
    int32_t *l_46 = &g_35[3];
    int16_t l_47 = 0x47E5L;
    int32_t l_48[2][1];
    int32_t *l_49 = &g_35[3];
    int32_t *l_50 = &l_48[0][0];
    int32_t *l_51 = &g_35[3];
    int32_t *l_52 = (void*)0;
    int32_t *l_53 = (void*)0;
    int32_t *l_54[2];
    uint64_t l_55 = 18446744073709551612UL;
    int i, j;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
            l_48[i][j] = (-10L);
    }
    for (i = 0; i < 2; i++)
        l_54[i] = (void*)0;
    g_20 = g_20;
    if (((*l_23) = (g_22 , p_9)))
    { /* block id: 5 */
        uint8_t l_36 = 255UL;
        if ((((safe_add_func_int16_t_s_s(((void*)0 != l_26), ((+((g_28 = &g_21) != l_23)) ^ (-1L)))) == (*l_23)) ^ g_21))
        { /* block id: 7 */
            return p_8;
        }
        else
        { /* block id: 9 */
            uint32_t l_33 = 0xDDFDAF0BL;
            int32_t *l_34 = &g_35[3];
            (*l_34) ^= ((*g_28) = (((safe_div_func_uint64_t_u_u(0xA06C0F1A0197CBB4LL, g_22.f0)) <= (safe_mul_func_int8_t_s_s((l_33 , ((*l_26) = g_19)), g_17))) || (*g_20)));
        }
        (*g_28) ^= l_36;
    }
    else
    { /* block id: 15 */
        int8_t *l_40[4][1];
        int32_t l_45 = (-1L);
        int i, j;
        for (i = 0; i < 4; i++)
        {
            for (j = 0; j < 1; j++)
                l_40[i][j] = &g_19;
        }
        for (g_17 = 0; (g_17 > 27); g_17 = safe_add_func_int8_t_s_s(g_17, 1))
        { /* block id: 18 */
            int8_t **l_39 = &l_26;
            if (((*l_23) &= (((*l_39) = &p_8) != l_40[2][0])))
            { /* block id: 21 */
                (*g_44) = g_41;
            }
            else
            { /* block id: 23 */
                (*l_23) = 0L;
                return l_45;
            }
        }
    }
    --l_55;
    return g_19;
}




/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    int i;
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    transparent_crc(g_17, "g_17", print_hash_value);
    transparent_crc(g_19, "g_19", print_hash_value);
    transparent_crc(g_21, "g_21", print_hash_value);
    transparent_crc(g_22.f0, "g_22.f0", print_hash_value);
    transparent_crc(g_22.f1, "g_22.f1", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_35[i], "g_35[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_62.f0, "g_62.f0", print_hash_value);
    transparent_crc(g_62.f1, "g_62.f1", print_hash_value);
    transparent_crc(g_68.f0, "g_68.f0", print_hash_value);
    transparent_crc(g_68.f1, "g_68.f1", print_hash_value);
    transparent_crc(g_68.f2, "g_68.f2", print_hash_value);
    transparent_crc(g_68.f3, "g_68.f3", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 1
breakdown:
   depth: 0, occurrence: 16
   depth: 1, occurrence: 2
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 2
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 1
XXX structs with bitfields in the program: 2
breakdown:
   indirect level: 0, occurrence: 2
XXX full-bitfields structs in the program: 2
breakdown:
   indirect level: 0, occurrence: 2
XXX times a bitfields struct's address is taken: 1
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 2
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 4

XXX max expression depth: 20
breakdown:
   depth: 1, occurrence: 25
   depth: 2, occurrence: 1
   depth: 3, occurrence: 1
   depth: 4, occurrence: 1
   depth: 8, occurrence: 2
   depth: 20, occurrence: 1

XXX total number of pointers: 29

XXX times a variable address is taken: 22
XXX times a pointer is dereferenced on RHS: 2
breakdown:
   depth: 1, occurrence: 2
XXX times a pointer is dereferenced on LHS: 14
breakdown:
   depth: 1, occurrence: 14
XXX times a pointer is compared with null: 1
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 0
XXX times a pointer is qualified to be dereferenced: 195

XXX max dereference level: 1
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 25
XXX number of pointers point to pointers: 7
XXX number of pointers point to scalars: 18
XXX number of pointers point to structs: 4
XXX percent of pointers has null in alias set: 31
XXX average alias set size: 1.1

XXX times a non-volatile is read: 35
XXX times a non-volatile is write: 27
XXX times a volatile is read: 3
XXX    times read thru a pointer: 0
XXX times a volatile is write: 6
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 164
XXX percentage of non-volatile access: 87.3

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 20
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 11
   depth: 1, occurrence: 3
   depth: 2, occurrence: 3
   depth: 3, occurrence: 3

XXX percentage a fresh-made variable is used: 23.1
XXX percentage an existing variable is used: 76.9
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

