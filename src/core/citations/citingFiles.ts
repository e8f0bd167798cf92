/** Which files are read for citations unless the user says otherwise: the References view and the command line's check. */
export const DEFAULT_CITING_FILES =
  '**/*.{md,markdown,txt,rst,adoc,tex,c,h,cc,cpp,hpp,cs,java,kt,py,js,jsx,ts,tsx,go,rs,swift,json,yaml,yml,toml,xml,html,feature,robot}';
