import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { REVIEW_RATINGS } from '@permuta/contracts/review-rules';
import { useTranslation } from '../../../i18n/react.tsx';
import classes from './reviews.module.css';

/**
 * A rating drawn as five stars (the nearest whole number filled), named for assistive
 * technology with the rating itself ("4 out of 5 stars"; `label` overrides it).
 */
export function Stars({
  rating,
  size = 16,
  label,
}: {
  rating: number;
  size?: number;
  label?: string;
}) {
  const { t } = useTranslation();
  const filled = Math.round(rating);
  return (
    <span
      className={classes.stars}
      role="img"
      aria-label={label ?? t('reviews.outOfFive', { rating: String(rating) })}
      data-rating={rating}
    >
      {REVIEW_RATINGS.map((n) =>
        n <= filled ? (
          <IconStarFilled key={n} size={size} className={classes.starFull} aria-hidden="true" />
        ) : (
          <IconStar key={n} size={size} className={classes.starEmpty} aria-hidden="true" />
        ),
      )}
    </span>
  );
}
