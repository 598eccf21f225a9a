export const schoolLogoSvg=(n:string)=>n, schoolBannerSvg=(n:string,c?:string)=>n, schoolThumbnailSvg=(n:string)=>n, countryImageSvg=(n:string,c:string)=>n, disciplineIconSvg=(s:string)=>s;
