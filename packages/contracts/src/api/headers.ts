/** Header naming the brand of every API call (upper case). */
export const BRAND_HEADER = 'x-brand';
/** Header identifying the client application on signed-in calls. */
export const SUBSCRIPTION_KEY_HEADER = 'x-subscription-key';
